import { useParams } from "wouter";
import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function TopicScreen() {
  const { id } = useParams<{ id: string }>();
  return <ScreenPlaceholder title="Topic" subtitle={`Topic #${id}`} />;
}
