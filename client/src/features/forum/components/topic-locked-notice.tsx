import { Lock } from "lucide-react";
import { TOPIC_LOCKED_LABEL, TOPIC_LOCKED_TEXT } from "../messages";

/** Takes the reply box's place on a locked topic. */
export function TopicLockedNotice() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-card border border-border bg-surface-raised/60 px-4 py-4 text-sm sm:px-5">
      <Lock className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
      <p>
        <strong className="font-semibold">{TOPIC_LOCKED_LABEL}</strong> <span className="text-muted">{TOPIC_LOCKED_TEXT}</span>
      </p>
    </div>
  );
}
