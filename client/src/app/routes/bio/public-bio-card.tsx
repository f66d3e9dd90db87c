import { useParams } from "wouter";
import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function PublicBioCardScreen() {
  const { username } = useParams<{ username: string }>();
  return <ScreenPlaceholder title={username} subtitle="Public bio card" />;
}
