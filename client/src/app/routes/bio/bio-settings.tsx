import { BioSettingsPage } from "@/features/bio/editor/bio-settings-page";

export function BioSettingsScreen() {
  return <BioSettingsPage />;
}
