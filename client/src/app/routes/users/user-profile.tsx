import { useParams } from "wouter";
import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function UserProfileScreen() {
  const { username } = useParams<{ username: string }>();
  return <ScreenPlaceholder title={username} subtitle="User profile" />;
}
