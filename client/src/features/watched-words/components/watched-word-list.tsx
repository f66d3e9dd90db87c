import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { WATCHED_WORD_ACTION_LABELS, type WatchedWordAction } from "@shared/watched-words";
import type { WatchedWord } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { RelativeTime } from "@/components/relative-time";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeleteIconButton } from "@/components/ui/delete-icon-button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useRemoveWatchedWord, useWatchedWords } from "../api/watched-words";

/** Each action's chip: block the strongest, censor the mildest; both themes read them (tokens, not fixed colours). */
const ACTION_CHIP: Record<WatchedWordAction, string> = {
  block: "bg-destructive/10 text-destructive-hover ring-destructive/25",
  flag: "bg-primary/10 text-primary-hover ring-primary/25",
  censor: "bg-surface-raised text-foreground ring-border",
};

/** The watched words, newest first, each with its action, who added it and when, and Remove (asked first). */
export function WatchedWordList() {
  const words = useWatchedWords();
  const [removing, setRemoving] = useState<WatchedWord | null>(null);
  const remove = useRemoveWatchedWord({ onSuccess: () => setRemoving(null) });

  let body;
  if (words.isPending) body = <Spinner className="py-12" />;
  else if (words.isError) body = <ErrorState title="Failed to load the watched words" error={words.error} onRetry={() => void words.refetch()} retrying={words.isFetching} />;
  else if (words.data.words.length === 0) body = <EmptyState icon={ShieldAlert} title="No watched words" description="Words added here are checked in every topic, post, comment and message." />;
  else {
    body = (
      <ul className="divide-y divide-border" aria-label="Watched words">
        {words.data.words.map((word) => (
          <li key={word.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
            <div className="min-w-0 flex-1">
              <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-mono text-sm font-medium [overflow-wrap:anywhere]">{word.word}</span>
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold ring-1", ACTION_CHIP[word.action])}>{WATCHED_WORD_ACTION_LABELS[word.action]}</span>
              </div>
              <p className="mt-0.5 text-xs text-muted">
                {word.createdBy ? `Added by ${word.createdBy}` : "Added by a former admin"} · <RelativeTime timestamp={word.createdAt} />
              </p>
            </div>
            <DeleteIconButton label={`Remove ${word.word}`} title="Remove" onClick={() => setRemoving(word)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title={`Remove “${removing?.word ?? ""}”?`}
        description="Texts written from now on are no longer checked for it. What was already censored stays as it was stored."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </>
  );
}
