import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function RegisterScreen() {
  return <ScreenPlaceholder title="Register" />;
}
