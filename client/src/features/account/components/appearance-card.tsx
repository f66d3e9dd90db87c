import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ThemeSwitch } from "./theme-switch";

/** Account settings' theme: saved on the account, so every browser the member signs in to takes it. */
export function AppearanceCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Dark, light, or as your device is set. Saved to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ThemeSwitch onAccount />
      </CardContent>
    </Card>
  );
}
