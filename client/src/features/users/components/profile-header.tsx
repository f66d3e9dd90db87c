import { Ban, Calendar, MessageSquare, MessagesSquare, UserPlus } from "lucide-react";
import { lazy, Suspense, type ReactNode } from "react";
import type { UserBadge, UserProfile } from "@shared/types";
import { LinkifiedText } from "@/components/linkified-text";
import { OnlineDot } from "@/components/online-dot";
import { Card } from "@/components/ui/card";
import { UserAvatar } from "@/components/user-avatar";
import { badgeDetail } from "@/components/badge-detail";
import { countLabel } from "@/lib/count-label";
import { formatDate } from "@/lib/format-date";
import { isBanned } from "@/lib/is-banned";
import { RoleBadge } from "@/components/role-badge";
import { BioButton } from "@/components/bio-button";
import { InvitedBy } from "./invited-by";

/**
 * The badges arrive by a request of their own after the profile; their tooltips (Radix, with
 * Floating UI) load in parallel with it rather than in the profile's first load
 * (e2e/bundle-budget.spec.ts).
 */
const UserBadgeList = lazy(() => import("@/components/user-badge").then((module) => ({ default: module.UserBadgeList<UserBadge> })));

function Fact({ icon: Icon, children }: { icon: typeof Calendar; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5">
      <Icon className="size-4 shrink-0" aria-hidden />
      {children}
    </span>
  );
}

interface ProfileHeaderProps {
  profile: UserProfile;
  badges: UserBadge[];
  /** Whether to offer the Bio button (the member has a bio card). */
  hasBio: boolean;
  /** What the viewer may do with the member (Message, Block), beside the Bio button. */
  actions?: ReactNode;
}

/** Avatar, name, UID, online dot, badges, joined date, post count, inviter, the viewer's actions and the Bio button. */
export function ProfileHeader({ profile, badges, hasBio, actions }: ProfileHeaderProps) {
  const banned = isBanned(profile);
  return (
    <Card className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-24 bg-linear-to-b from-primary/15 to-transparent" />
      <div className="relative flex flex-col gap-5 p-5 sm:flex-row sm:items-start sm:p-6">
        <UserAvatar username={profile.username} src={profile.avatar} size="xl" className="ring-4 ring-surface" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
                <h1 className="min-w-0 truncate text-2xl font-semibold tracking-tight sm:text-3xl">{profile.username}</h1>
                <OnlineDot userId={profile.id} className="size-3" />
                <RoleBadge role={profile.role} />
                {banned && (
                  <span className="inline-flex items-center gap-1 rounded-full border border-destructive/40 bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive-hover">
                    <Ban className="size-3.5" aria-hidden />
                    Banned{profile.banExpiresAt ? ` until ${formatDate(profile.banExpiresAt)}` : ""}
                  </span>
                )}
              </div>
              <p className="mt-1 font-mono text-sm text-muted">UID {profile.id}</p>
            </div>
            {(hasBio || actions) && (
              <div className="flex flex-wrap items-center gap-2">
                {actions}
                {hasBio && <BioButton username={profile.username} />}
              </div>
            )}
          </div>
          <Suspense fallback={null}>
            <UserBadgeList badges={badges} detail={badgeDetail} className="mt-3" />
          </Suspense>
          <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
            <Fact icon={Calendar}>Joined {formatDate(profile.createdAt)}</Fact>
            {/* Starting a topic is not a post (docs/product.md "Forum"): both are shown, so a member who only starts topics does not read "0 posts" alone. */}
            <Fact icon={MessagesSquare}>{countLabel(profile.topicsCount, "topic")}</Fact>
            <Fact icon={MessageSquare}>{countLabel(profile.postsCount, "post")}</Fact>
            <Fact icon={UserPlus}>
              <InvitedBy username={profile.invitedByUsername} />
            </Fact>
          </div>
          {profile.bio && <LinkifiedText text={profile.bio} className="mt-4 max-w-prose text-sm/6 text-foreground" />}
        </div>
      </div>
    </Card>
  );
}
