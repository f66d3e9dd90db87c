import { ScreenPlaceholder } from "@/components/screen-placeholder";

export function LoginScreen() {
  return <ScreenPlaceholder title="Login" />;
}
