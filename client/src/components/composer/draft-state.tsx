import type { DraftStatus } from "./use-draft";

const TEXTS: Record<DraftStatus, string | null> = {
  idle: null,
  saving: "Saving draft...",
  saved: "Draft saved",
  failed: "Draft not saved",
};

/** Whether the draft reached the server, in a word, for the member and screen readers (polite). */
export function DraftState({ status }: { status: DraftStatus }) {
  const text = TEXTS[status];
  return (
    <p aria-live="polite" className={status === "failed" ? "text-destructive" : "text-muted"} data-draft-status={status}>
      {text}
    </p>
  );
}
