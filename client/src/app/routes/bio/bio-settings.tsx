import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function BioSettingsScreen() {
  return <ScreenPlaceholder title="Bio Card" />;
}
