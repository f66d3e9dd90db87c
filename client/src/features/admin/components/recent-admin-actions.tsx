import {
  Ban,
  BadgeMinus,
  BadgePlus,
  Eraser,
  History,
  TicketPlus,
  TicketX,
  Trash2,
  UserCheck,
  UserX,
  Waves,
  type LucideIcon,
} from "lucide-react";
import { Link } from "wouter";
import type { AdminAction, AdminActionType } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { RelativeTime } from "@/components/relative-time";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { ADMIN_ACTIONS_LIMIT, useAdminActions } from "../api/get-admin-actions";
import { actionDetails, actionPhrase } from "../utils/describe-action";
import { AdminSection } from "./admin-section";

const ACTION_LOOKS: Record<AdminActionType, { icon: LucideIcon; classes: string }> = {
  ban: { icon: Ban, classes: "bg-destructive/10 text-destructive-hover ring-destructive/30" },
  unban: { icon: UserCheck, classes: "bg-success/10 text-emerald-300 light:text-emerald-800 ring-success/30" },
  delete_user: { icon: UserX, classes: "bg-destructive/10 text-destructive-hover ring-destructive/30" },
  grant_badge: { icon: BadgePlus, classes: "bg-primary/10 text-primary-hover ring-primary/30" },
  remove_badge: { icon: BadgeMinus, classes: "bg-surface-raised text-muted ring-border" },
  create_invite: { icon: TicketPlus, classes: "bg-primary/10 text-primary-hover ring-primary/30" },
  create_user_invite: { icon: TicketPlus, classes: "bg-primary/10 text-primary-hover ring-primary/30" },
  invite_wave: { icon: Waves, classes: "bg-sky-400/10 text-sky-300 light:text-sky-800 ring-sky-400/30" },
  delete_invite: { icon: Trash2, classes: "bg-surface-raised text-muted ring-border" },
  purge_expired_invites: { icon: Eraser, classes: "bg-amber-400/10 text-amber-300 light:text-amber-800 ring-amber-400/30" },
  purge_active_invites: { icon: TicketX, classes: "bg-amber-400/10 text-amber-300 light:text-amber-800 ring-amber-400/30" },
};

const FALLBACK_LOOK = { icon: History, classes: "bg-surface-raised text-muted ring-border" };

/** A member's name: a profile link while they exist, plain text once deleted. */
function Name({ username, linked }: { username: string | null; linked: boolean }) {
  if (!username) return <span className="font-medium text-muted">a deleted user</span>;
  if (!linked) return <span className="font-medium">{username}</span>;
  return (
    <Link href={`/user/${encodeURIComponent(username)}`} className="font-medium text-foreground transition-colors hover:text-primary-hover">
      {username}
    </Link>
  );
}

function ActionEntry({ action }: { action: AdminAction }) {
  const look = ACTION_LOOKS[action.action] ?? FALLBACK_LOOK;
  const Icon = look.icon;
  const phrase = actionPhrase(action.action);
  const details = actionDetails(action.action, action.details);
  return (
    <li data-action={action.action} className="flex gap-3 px-4 py-3 sm:px-5">
      <span className={cn("mt-0.5 grid size-8 shrink-0 place-items-center rounded-full ring-1", look.classes)}>
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
            <Name username={action.adminUsername} linked={action.adminUsername !== null} /> {phrase.verb}
            {phrase.target && (
              <>
                {" "}
                <Name username={action.targetUsername} linked={action.targetUserId !== null} />
              </>
            )}
          </p>
          <RelativeTime timestamp={action.createdAt} className="shrink-0 text-xs text-muted" />
        </div>
        {details && <p className="mt-0.5 text-sm whitespace-pre-line text-muted [overflow-wrap:anywhere]">{details}</p>}
      </div>
    </li>
  );
}

/** 'Recent admin actions': the latest entries of the audit trail, who did what to whom and when. */
export function RecentAdminActions() {
  const actions = useAdminActions();

  let body;
  if (actions.isPending) {
    body = <Spinner className="py-12" />;
  } else if (!actions.data) {
    body = <ErrorState title="Failed to load admin actions" error={actions.error} onRetry={() => void actions.refetch()} retrying={actions.isFetching} />;
  } else if (actions.data.length === 0) {
    body = <EmptyState icon={History} title="No admin actions yet" description="Bans, deletions, badges and invites show up here." />;
  } else {
    body = (
      // Scrolls on its own so twenty entries do not make the page endless; focusable to scroll by keyboard.
      <ol aria-label="Recent admin actions" tabIndex={0} className="max-h-[32rem] divide-y divide-border overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary">
        {actions.data.map((action) => (
          <ActionEntry key={action.id} action={action} />
        ))}
      </ol>
    );
  }

  return (
    <AdminSection icon={History} title="Recent admin actions" description={`The latest ${ADMIN_ACTIONS_LIMIT}, newest first`} busy={actions.isFetching}>
      {body}
    </AdminSection>
  );
}
