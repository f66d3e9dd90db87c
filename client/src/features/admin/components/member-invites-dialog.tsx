import type { AdminUser, InviteRelative } from "@shared/types";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { ErrorState } from "@/components/error-state";
import { Spinner } from "@/components/ui/spinner";
import { UserLink } from "@/components/user-link";
import { cn } from "@/lib/cn";
import { useMemberInvites } from "../api/get-member-invites";
import { FAILED_TO_FETCH_MEMBER_INVITES } from "../messages";

const STATE_CLASSES: Record<InviteRelative["state"], string> = {
  active: "border-success/35 bg-success/10 text-emerald-300 light:text-emerald-800",
  banned: "border-destructive/40 bg-destructive/10 text-destructive-hover",
  deleted: "border-border bg-surface-raised text-muted",
};

function Relative({ relative }: { relative: InviteRelative }) {
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      {relative.username && relative.state !== "deleted" ? (
        <UserLink username={relative.username} avatar={null} className="text-sm" />
      ) : (
        <span className="text-sm text-muted">{relative.username ?? "A deleted member"}</span>
      )}
      <span data-state={relative.state} className={cn("rounded-full border px-2 py-0.5 text-xs font-medium capitalize", STATE_CLASSES[relative.state])}>
        {relative.state}
      </span>
    </li>
  );
}

/** Invite accountability (administrators): who invited the member and whom they invited, each with their state. */
export function MemberInvitesDialog({ user, open, onOpenChange }: { user: AdminUser | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  const invites = useMemberInvites(open && user ? user.id : null);
  const data = invites.data;
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Invites of {user?.username}</DialogTitle>
        <DialogDescription>Who brought them in, and whom they brought in.</DialogDescription>
        {invites.isPending ? (
          <Spinner className="py-10" />
        ) : !data ? (
          <ErrorState title={FAILED_TO_FETCH_MEMBER_INVITES} error={invites.error} onRetry={() => void invites.refetch()} retrying={invites.isFetching} />
        ) : (
          <div className="mt-4 flex flex-col gap-4">
            <section aria-labelledby="invited-by-heading">
              <h3 id="invited-by-heading" className="text-sm font-semibold">
                Invited by
              </h3>
              {data.invitedBy ? (
                <ul className="divide-y divide-border">
                  <Relative relative={data.invitedBy} />
                </ul>
              ) : (
                <p className="py-2 text-sm text-muted">Nobody on record (the first accounts, or an invite from the operator).</p>
              )}
            </section>
            <section aria-labelledby="invitees-heading">
              <h3 id="invitees-heading" className="text-sm font-semibold">
                Invited ({data.invitees.length})
              </h3>
              {data.invitees.length ? (
                <ul className="max-h-72 divide-y divide-border overflow-y-auto">
                  {data.invitees.map((relative, index) => (
                    <Relative key={relative.id ?? `gone-${index}`} relative={relative} />
                  ))}
                </ul>
              ) : (
                <p className="py-2 text-sm text-muted">Nobody yet.</p>
              )}
              <p className="mt-2 text-xs text-muted">Unused invites they hold: {data.unusedInvites}</p>
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
