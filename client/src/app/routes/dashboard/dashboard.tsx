import { lazy, Suspense } from "react";
import { PageContainer } from "@/components/layouts/page-container";
import { Spinner } from "@/components/ui/spinner";
import { BioCardBlock } from "@/features/bio/create/bio-card-block";
import { AppearanceCard } from "@/features/account/components/appearance-card";
import { CreateOwnInvite } from "./create-own-invite";
import { ProfileInformationCard } from "@/features/account/components/profile-information-card";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { isFirstVisit } from "@/features/auth/utils/first-visit";
import { useAssignedInvites } from "@/features/invites/api/get-assigned-invites";
import { UnusedInvitesBanner } from "@/features/invites/components/unused-invites-banner";
import { countUsable } from "@/features/invites/utils/usable-invites";
import { useNow } from "@/hooks/use-now";
import { usePageTitle } from "@/hooks/use-page-title";

const INVITES_SECTION_ID = "my-invites";

// Below the fold, and kept out of the dashboard's first-load budget (e2e/bundle-budget.spec.ts).
const AccountSecurityCards = lazy(() =>
  import("@/features/account/components/account-security-cards").then((module) => ({ default: module.AccountSecurityCards })),
);

// The one form of the first screen, and the only part of it that needs the form library and zod:
// loaded beside the screen's own chunk, so the rest shows first.
const ContactInfoForm = lazy(() => import("@/features/account/components/contact-info-form").then((module) => ({ default: module.ContactInfoForm })));

const MyInvites = lazy(() => import("@/features/invites/components/my-invites").then((module) => ({ default: module.MyInvites })));

const ChangePasswordForm = lazy(() => import("@/features/account/components/change-password-form").then((module) => ({ default: module.ChangePasswordForm })));

const EmailSettingsCard = lazy(() => import("@/features/account/components/email-settings-card").then((module) => ({ default: module.EmailSettingsCard })));

const BlockedMembersCard = lazy(() => import("@/features/blocks/components/blocked-members-card").then((module) => ({ default: module.BlockedMembersCard })));

export function DashboardScreen() {
  usePageTitle("Dashboard");
  const { data: user } = useCurrentUser();
  const invites = useAssignedInvites();
  const now = Math.max(useNow(), Date.now());

  // The router shows this screen only to a signed-in member; the user is in the cache by then.
  if (!user) return <Spinner className="flex-1" />;

  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-sm text-muted">
          {isFirstVisit(user.id) ? "Welcome" : "Welcome back"}, <span className="font-medium text-foreground">{user.username}</span>. Manage your profile, password and invites.
        </p>
      </div>
      <UnusedInvitesBanner count={countUsable(invites.data ?? [], now)} targetId={INVITES_SECTION_ID} />
      {/* Two columns on wide screens: profile, bio card and appearance beside the contact form, then password beside the invites, two-factor beside sessions, your data and the blocked members. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <ProfileInformationCard user={user} />
          <BioCardBlock user={user} />
          <AppearanceCard />
        </div>
        {/* Keyed by user, so a different member's values never linger in the form. */}
        <Suspense fallback={<Spinner className="py-6" />}>
          <ContactInfoForm key={user.id} user={user} />
        </Suspense>
        <Suspense fallback={null}>
          <ChangePasswordForm username={user.username} />
          <MyInvites id={INVITES_SECTION_ID} invites={invites} emptyAction={user.isAdmin ? <CreateOwnInvite user={user} /> : undefined} />
        </Suspense>
        <Suspense fallback={null}>
          <EmailSettingsCard user={user} />
          <AccountSecurityCards />
          <BlockedMembersCard />
        </Suspense>
      </div>
    </PageContainer>
  );
}
