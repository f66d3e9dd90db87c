import type { ReviewFlagReason } from "@shared/flags";
import { moderationParts } from "@shared/notification-text";
import type { Notification, ReviewItem } from "@shared/types";
import { ConfirmDialogContent } from "@/components/ui/confirm-dialog-content";

/** The review actions that change what members see: staff confirm them first (docs/decisions/066-the-moderation-loop.md). */
export type DestructiveReviewAction = "hide" | "delete";

const THING: Record<ReviewItem["targetType"], string> = { post: "post", comment: "comment", message: "message", card: "bio card", topic: "topic" };

/** What the action does to the target, in a sentence; a deletion says it cannot be undone. */
function consequence(item: ReviewItem, action: DestructiveReviewAction): string {
  if (item.targetType === "message") return "The message is emptied for everyone in its conversation. This cannot be undone.";
  if (action === "hide") {
    return item.targetType === "card"
      ? "The card stops being public; its owner still sees it in the editor, marked hidden."
      : `The ${THING[item.targetType] === "topic" ? "topic's opening post" : THING[item.targetType]} stays hidden from everyone but its author and staff.`;
  }
  if (item.targetType === "card") return "A card cannot be deleted by staff: it stays hidden, and its owner sees it marked.";
  if (item.targetType === "topic") return "The whole topic is deleted, with every reply in it. This cannot be undone.";
  return `The ${THING[item.targetType]} is deleted for everyone. This cannot be undone.`;
}

/** The reason most of the item's flags give (the earliest of equals), as the server names it in the notice. */
function mainReason(item: ReviewItem): ReviewFlagReason | null {
  const counts = new Map<ReviewFlagReason, number>();
  for (const flag of item.flags) counts.set(flag.reason, (counts.get(flag.reason) ?? 0) + 1);
  let best: ReviewFlagReason | null = null;
  for (const [reason, count] of counts) if (best === null || count > counts.get(best)!) best = reason;
  return best;
}

/** The notice the author will get, as the bell will show it. */
function authorNotice(item: ReviewItem, action: DestructiveReviewAction, note: string): string {
  const notice = {
    type: "moderation",
    moderationAction: `${item.targetType}_${action}`,
    moderationReason: mainReason(item),
    moderationNote: note || null,
  } as Notification;
  const { headline, reason, note: said } = moderationParts(notice);
  return [headline + (reason ? ` (reason: ${reason})` : ""), said && `Staff note: “${said}”`].filter(Boolean).join(". ");
}

export interface ReviewDecisionDialogProps {
  item: ReviewItem;
  /** The action asked for; the dialog is closed while null. */
  action: DestructiveReviewAction | null;
  /** The note staff wrote on the card: shown as the author and flaggers will read it. */
  note: string;
  pending: boolean;
  /** Why the decision was not saved (the server's words); the dialog stays open to try again. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before hiding or deleting a flagged target: what will happen to it, and what its author and
 * the flaggers will be told (the notice's own text, with the reason and the note). Confirm runs the
 * decision; while it is pending nothing can be pressed; a refusal is said in the dialog.
 */
export function ReviewDecisionDialog({ item, action, note, pending, error, onConfirm, onClose }: ReviewDecisionDialogProps) {
  if (action === null) return null;
  const verb = action === "hide" ? "Hide" : "Delete";
  const thing = THING[item.targetType];
  const author = item.target.authorUsername;
  const flaggers = new Set(item.flags.map((flag) => flag.byUsername)).size;
  return (
    <ConfirmDialogContent
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${verb} this ${thing}?`}
      confirmLabel={`${verb} ${thing}`}
      pendingLabel={action === "hide" ? "Hiding..." : "Deleting..."}
      pending={pending}
      onConfirm={onConfirm}
      variant={action === "delete" ? "destructive" : "primary"}
      description={
        <div className="flex flex-col gap-3 text-sm">
          <p>{consequence(item, action)}</p>
          {author && (
            <div>
              <p>@{author} is told:</p>
              <blockquote className="mt-1 rounded-control border-l-4 border-border bg-background/60 px-3 py-2 text-foreground [overflow-wrap:anywhere]" data-testid="notice-preview">
                {authorNotice(item, action, note.trim())}
              </blockquote>
            </div>
          )}
          <p>{flaggers === 1 ? "The member who flagged it is told staff agreed." : `The ${flaggers} members who flagged it are told staff agreed.`}</p>
          {error && (
            <p role="alert" className="text-destructive">
              {error}
            </p>
          )}
        </div>
      }
    />
  );
}
