import { AccessTokensCard } from "./access-tokens-card";
import { PasskeysCard } from "./passkeys-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";
import { YourDataCard } from "./your-data-card";

/** The dashboard's sign-in security and data cards, below the fold: one chunk, loaded after the screen's first paint. */
export function AccountSecurityCards() {
  return (
    <>
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
      <AccessTokensCard />
      <YourDataCard />
    </>
  );
}
