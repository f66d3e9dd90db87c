import { VolumeX } from "lucide-react";
import { useSilence } from "@/hooks/use-silence";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format-date";

/** What a silenced member is told: until when, and why. `banner` is the app shell's; `composer` sits in a disabled composer. */
export function SilenceNotice({ variant }: { variant: "banner" | "composer" }) {
  const silence = useSilence();
  if (!silence) return null;
  const until = formatDateTime(silence.until);
  return (
    <div
      role={variant === "banner" ? "status" : "note"}
      data-silence-notice={variant}
      className={cn(
        "flex items-start gap-2 text-sm",
        variant === "banner"
          ? "border-b border-amber-400/40 bg-amber-400/10 px-4 py-2.5 text-amber-200 light:text-amber-900 sm:justify-center"
          : "border-b border-border bg-surface-raised px-3 py-2 text-muted",
      )}
    >
      <VolumeX className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        {variant === "banner" ? (
          <>
            Your account is silenced until <strong className="font-semibold">{until}</strong>. You can read everything, but not post, comment,
            react or send messages.
          </>
        ) : (
          <>You are silenced until {until}, so you cannot write here.</>
        )}
        {silence.reason && <span className="block text-xs opacity-90">Reason: {silence.reason}</span>}
      </p>
    </div>
  );
}
