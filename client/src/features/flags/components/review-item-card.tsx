import { EyeOff, ExternalLink, ShieldCheck, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { FLAG_NOTE_MAX_LENGTH, REVIEW_FLAG_REASON_LABELS, type ReviewAction } from "@shared/flags";
import type { ReviewItem } from "@shared/types";
import { RelativeTime } from "@/components/relative-time";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useDecideReview } from "../api/review-queries";
import { ReviewDecisionDialog, type DestructiveReviewAction } from "./review-decision-dialog";

const TARGET_LABELS: Record<ReviewItem["targetType"], string> = { post: "Post", comment: "Profile comment", message: "Message", card: "Bio card", topic: "Topic opener" };
const DECIDED: Record<ReviewAction, string> = { hide: "Hidden", delete: "Deleted", keep: "Kept" };

/** One flagged target: what it says, whose it is, where it is, every flag; staff decide hide, delete or keep. */
export function ReviewItemCard({ item }: { item: ReviewItem }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const decide = useDecideReview();
  // Hide and delete are asked about first (review-decision-dialog.tsx); keep acts at once.
  const [asking, setAsking] = useState<DestructiveReviewAction | null>(null);
  const act = (action: ReviewAction) =>
    decide.mutate(
      { id: item.id, action, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setAsking(null);
          toast({ title: `${DECIDED[action]}`, description: `${TARGET_LABELS[item.targetType]} by ${item.target.authorUsername ?? "a former member"}` });
        },
        // A refusal of a confirmed action is said in its dialog.
        onError: (error) => {
          if (action === "keep") toast({ variant: "destructive", title: "The decision was not saved", description: apiErrorMessage(error) });
        },
      },
    );
  const ask = (action: DestructiveReviewAction) => {
    decide.reset();
    setAsking(action);
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" aria-label={`${TARGET_LABELS[item.targetType]} flagged ${item.flags.length} times`} data-review-item={item.id}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-medium text-foreground ring-1 ring-border">{TARGET_LABELS[item.targetType]}</span>
        <span className="text-muted">
          by{" "}
          {item.target.authorUsername ? (
            <Link href={`/user/${encodeURIComponent(item.target.authorUsername)}`} className="font-medium text-foreground hover:text-primary-hover">
              {item.target.authorUsername}
            </Link>
          ) : (
            "a former member"
          )}
        </span>
        <RelativeTime timestamp={item.createdAt} className="text-xs text-muted" />
        {item.target.url && (
          <a href={item.target.url} className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-primary-hover hover:underline">
            Open
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        )}
      </header>
      <blockquote className="whitespace-pre-wrap break-words rounded-control border-l-4 border-border bg-background/60 px-3 py-2 text-sm/6 text-foreground">
        {item.target.excerpt || <span className="italic text-muted">No longer there</span>}
      </blockquote>
      <div>
        <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">
          {item.flags.length === 1 ? "1 flag" : `${item.flags.length} flags`}
        </h2>
        <ul className="mt-2 flex flex-col gap-1.5">
          {item.flags.map((flag, index) => (
            <li key={index} className="text-sm">
              <span className="font-medium text-foreground">{REVIEW_FLAG_REASON_LABELS[flag.reason]}</span>
              <span className="text-muted"> · {flag.reason === "watched_word" ? "the site" : (flag.byUsername ?? "a former member")} · </span>
              <RelativeTime timestamp={flag.createdAt} className="text-xs text-muted" />
              {flag.note && <p className="mt-0.5 break-words text-muted">“{flag.note}”</p>}
            </li>
          ))}
        </ul>
      </div>
      {item.status === "pending" ? (
        <div className="flex flex-col gap-3 border-t border-border pt-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={noteId}>Note (optional, shown to the author, the flaggers and in the public moderation log)</Label>
            <Textarea id={noteId} rows={2} maxLength={FLAG_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={decide.isPending} onClick={() => act("keep")}>
              <ShieldCheck aria-hidden />
              Keep
            </Button>
            <Button variant="secondary" size="sm" disabled={decide.isPending} onClick={() => ask("hide")}>
              <EyeOff aria-hidden />
              Hide
            </Button>
            <Button variant="destructive" size="sm" disabled={decide.isPending} onClick={() => ask("delete")}>
              <Trash2 aria-hidden />
              Delete
            </Button>
          </div>
          <ReviewDecisionDialog
            item={item}
            action={asking}
            note={note}
            pending={decide.isPending}
            error={decide.isError ? apiErrorMessage(decide.error) : null}
            onConfirm={() => asking && act(asking)}
            onClose={() => setAsking(null)}
          />
        </div>
      ) : (
        <p className="border-t border-border pt-3 text-sm text-muted">
          <span className="font-medium text-foreground">{item.action ? DECIDED[item.action] : "Resolved"}</span>
          {item.resolvedAt && (
            <>
              {" "}
              <RelativeTime timestamp={item.resolvedAt} />
            </>
          )}
          {item.note && <> · “{item.note}”</>}
        </p>
      )}
    </Card>
  );
}
