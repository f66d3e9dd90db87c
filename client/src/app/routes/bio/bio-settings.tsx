import { BioSettingsPage } from "@/features/bio/components/bio-settings-page";

export function BioSettingsScreen() {
  return <BioSettingsPage />;
}
