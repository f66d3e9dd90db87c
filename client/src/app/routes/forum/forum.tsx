import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function ForumScreen() {
  return <ScreenPlaceholder title="Forum" />;
}
