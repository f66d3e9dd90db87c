import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function DashboardScreen() {
  return <ScreenPlaceholder title="Dashboard" />;
}
