import { Link } from "wouter";
import type { UserListItem } from "@shared/types";
import { MemberFacts } from "@/components/member-facts";
import { OnlineDot } from "@/components/online-dot";
import { UserAvatar } from "@/components/user-avatar";
import { RoleBadge } from "@/components/role-badge";
import { BioButton } from "@/components/bio-button";
import { InvitedBy } from "./invited-by";

/**
 * One member of the list. The whole row opens their profile (the name's link is stretched over it);
 * the inviter link and the Bio button sit above that layer.
 */
export function UserRow({ user }: { user: UserListItem }) {
  return (
    <li className="relative flex items-center gap-3 px-4 py-3.5 transition-colors hover:bg-surface-raised/60 sm:gap-4 sm:px-5">
      <span className="relative shrink-0">
        <UserAvatar username={user.username} src={user.avatar} size="md" />
        <OnlineDot userId={user.id} className="absolute right-0 bottom-0" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            href={`/user/${encodeURIComponent(user.username)}`}
            className="min-w-0 truncate font-semibold text-foreground after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-primary"
          >
            {user.username}
          </Link>
          <RoleBadge role={user.role} />
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <MemberFacts postsCount={user.postsCount} createdAt={user.createdAt} />
          <InvitedBy username={user.invitedByUsername} />
        </div>
      </div>
      {user.hasBio && <BioButton username={user.username} className="relative z-10" />}
    </li>
  );
}
