import { EyeOff } from "lucide-react";
import { HIDDEN_TEXT_NOTICE } from "@shared/flags";

/** In place of a hidden post or comment, for everyone but its author and staff (who get an empty text). */
export function HiddenNotice() {
  return (
    <p className="flex items-center gap-2 rounded-control border border-dashed border-border px-3 py-2 text-sm italic text-muted">
      <EyeOff className="size-4 shrink-0" aria-hidden />
      {HIDDEN_TEXT_NOTICE}
    </p>
  );
}

/** Beside a hidden post or comment that its author or staff still read. */
export function HiddenMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-destructive/10 px-2 py-0.5 text-xs font-medium text-destructive" title="Hidden from other members until staff review it">
      <EyeOff className="size-3" aria-hidden />
      Hidden after flags
    </span>
  );
}
