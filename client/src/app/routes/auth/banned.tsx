import { Ban, LogOut } from "lucide-react";
import { CenteredPage } from "@/components/layouts/centered-page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useBanInfo } from "@/features/auth/api/get-ban-info";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { useLogout } from "@/features/auth/api/logout";
import { BanDetails } from "@/features/auth/components/ban-details";
import { isBanned } from "@/lib/is-banned";
import { usePageTitle } from "@/hooks/use-page-title";
import { siteName } from "@/lib/site";

/** Shown (by the router) only to a banned member; the ban info says who banned them. */
export function BannedScreen() {
  usePageTitle("Account Banned");
  const { data: user = null } = useCurrentUser();
  const { data: banInfo } = useBanInfo({ enabled: user !== null && isBanned(user) });
  const logout = useLogout("/login");
  // The current user already carries the reason and expiry; the ban info adds who banned them.
  const ban = banInfo ?? user;

  return (
    <CenteredPage>
      <Card className="w-full max-w-md px-6 py-10 sm:px-10">
        <div className="text-center">
          <div className="mx-auto mb-6 grid size-14 place-items-center rounded-full bg-destructive/10 ring-1 ring-destructive/30">
            <Ban className="size-6 text-destructive" aria-hidden />
          </div>
          <h1 className="text-2xl font-semibold">Account Banned</h1>
          <p className="mt-2 text-muted">Your account has been banned from {siteName}.</p>
        </div>
        {ban && (
          <div className="mt-8">
            <BanDetails reason={ban.banReason} expiresAt={ban.banExpiresAt} bannedBy={banInfo?.bannedByUsername} />
          </div>
        )}
        <Button variant="outline" className="mt-8 w-full" disabled={logout.isPending} onClick={() => logout.mutate()}>
          <LogOut aria-hidden />
          Log Out
        </Button>
      </Card>
    </CenteredPage>
  );
}
