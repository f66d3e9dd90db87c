import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function BannedScreen() {
  return <ScreenPlaceholder title="Account Banned" />;
}
