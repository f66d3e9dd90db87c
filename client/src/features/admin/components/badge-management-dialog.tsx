import { LoaderCircle, Lock, Plus, X } from "lucide-react";
import { BADGES, MANUAL_BADGE_TYPES, type BadgeType, type ManualBadgeType } from "@shared/constants";
import type { AdminUser, UserBadge as UserBadgeData } from "@shared/types";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { badgeDetail } from "@/components/badge-detail";
import { UserBadge } from "@/components/user-badge";
import { formatDate } from "@/lib/format-date";
import { useUserBadges } from "../api/get-user-badges";
import { useGrantBadge } from "../api/grant-badge";
import { useRemoveBadge } from "../api/remove-badge";

interface BadgeManagementDialogProps {
  /** Whose badges; kept while the dialog closes. */
  user: AdminUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function isManual(badgeType: BadgeType): badgeType is ManualBadgeType {
  return (MANUAL_BADGE_TYPES as readonly string[]).includes(badgeType);
}

/**
 * 'Badge Management': the member's badges, manual ones removable and automatic ones read-only, and
 * the manual badges they do not have yet, to grant.
 */
export function BadgeManagementDialog({ user, open, onOpenChange }: BadgeManagementDialogProps) {
  return (
    <Dialog open={open && user !== null} onOpenChange={onOpenChange}>
      <DialogContent>{user && <BadgeManager key={user.id} user={user} enabled={open} />}</DialogContent>
    </Dialog>
  );
}

function BadgeManager({ user, enabled }: { user: AdminUser; enabled: boolean }) {
  const badges = useUserBadges(user.id, { enabled });
  const grant = useGrantBadge(user.id);
  const remove = useRemoveBadge(user.id);
  const busy = grant.isPending || remove.isPending || badges.isFetching;

  let content;
  if (badges.isPending) {
    content = <Spinner className="py-10" />;
  } else if (!badges.data) {
    content = <ErrorState title="Failed to fetch badges" error={badges.error} onRetry={() => void badges.refetch()} retrying={badges.isFetching} className="py-8" />;
  } else {
    const owned = badges.data;
    const grantable = MANUAL_BADGE_TYPES.filter((type) => !owned.some((badge) => badge.badgeType === type));
    content = (
      <div className="mt-5 flex flex-col gap-6">
        <section aria-labelledby="owned-badges-heading">
          <h3 id="owned-badges-heading" className="mb-2 text-sm font-medium">
            Current badges
          </h3>
          {owned.length === 0 ? (
            <p className="rounded-control border border-dashed border-border px-4 py-5 text-center text-sm text-muted">No badges yet</p>
          ) : (
            <ul aria-label="Current badges" className="divide-y divide-border rounded-control border border-border bg-background/60">
              {owned.map((badge) => (
                <OwnedBadge
                  key={badge.badgeType}
                  badge={badge}
                  disabled={busy}
                  removing={remove.isPending && remove.variables === badge.badgeType}
                  onRemove={(type) => remove.mutate(type)}
                />
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="grant-badges-heading">
          <h3 id="grant-badges-heading" className="mb-2 text-sm font-medium">
            Grant a badge
          </h3>
          {grantable.length === 0 ? (
            <p className="rounded-control border border-dashed border-border px-4 py-5 text-center text-sm text-muted">
              Every manual badge is already granted.
            </p>
          ) : (
            <ul aria-label="Badges to grant" className="divide-y divide-border rounded-control border border-border">
              {grantable.map((type) => (
                <li key={type} className="flex items-center gap-3 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium">{BADGES[type].label}</p>
                    <p className="text-xs text-muted">{BADGES[type].description}</p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Grant ${BADGES[type].label}`}
                    disabled={busy}
                    onClick={() => grant.mutate(type)}
                  >
                    {grant.isPending && grant.variables === type ? <LoaderCircle className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
                    Grant
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <DialogTitle>Badge Management</DialogTitle>
      <DialogDescription>
        Badges of <span className="font-medium text-foreground">{user.username}</span>. Manual badges are granted and removed
        here; automatic ones follow the member's activity.
      </DialogDescription>
      {content}
    </>
  );
}

interface OwnedBadgeProps {
  badge: UserBadgeData;
  disabled: boolean;
  removing: boolean;
  onRemove: (badgeType: ManualBadgeType) => void;
}

function OwnedBadge({ badge, disabled, removing, onRemove }: OwnedBadgeProps) {
  const { badgeType } = badge;
  const label = BADGES[badgeType]?.label ?? badgeType;
  const manual = !badge.automatic && isManual(badgeType);
  return (
    <li data-badge={badgeType} className="flex items-center gap-3 px-3 py-2.5">
      <div className="min-w-0 flex-1">
        <UserBadge badge={badge} detail={badgeDetail(badge)} />
        <p className="mt-1 text-xs text-muted">
          {manual
            ? `Granted${badge.grantedByUsername ? ` by ${badge.grantedByUsername}` : ""} on ${formatDate(badge.grantedAt)}`
            : `Earned ${formatDate(badge.grantedAt)}`}
        </p>
      </div>
      {manual ? (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove ${label}`}
          className="px-2.5 hover:bg-destructive/10 hover:text-destructive-hover"
          disabled={disabled}
          onClick={() => onRemove(badgeType)}
        >
          {removing ? <LoaderCircle className="animate-spin" aria-hidden /> : <X aria-hidden />}
          Remove
        </Button>
      ) : (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs text-muted" title="Earned automatically; cannot be removed">
          <Lock className="size-3" aria-hidden />
          Automatic
        </span>
      )}
    </li>
  );
}
