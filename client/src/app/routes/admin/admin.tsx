import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function AdminScreen() {
  return <ScreenPlaceholder title="Admin Panel" />;
}
