import { useEffect } from "react";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { keepTheme } from "@/lib/theme";

/**
 * A signed-in browser takes the account's theme: at sign-in (a new device), and when it was changed
 * in another browser. Renders nothing.
 */
export function AccountTheme() {
  const { data: user } = useCurrentUser();
  const accountTheme = user?.theme;
  useEffect(() => {
    if (accountTheme) keepTheme(accountTheme);
  }, [accountTheme]);
  return null;
}
