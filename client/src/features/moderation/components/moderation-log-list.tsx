import { Ban, CircleCheck, Eye, EyeOff, Lock, LockOpen, ShieldCheck, Trash2, UserX, Volume2, VolumeX, type LucideIcon } from "lucide-react";
import type { ModerationAction } from "@shared/moderation-log";
import type { ModerationLogEntry } from "@shared/types";
import { RelativeTime } from "@/components/relative-time";
import { cn } from "@/lib/cn";

/** Each action as the log says it: an icon and a verb phrase before the target. */
const ACTIONS: Record<ModerationAction, { icon: LucideIcon; verb: string; tone: "danger" | "calm" | "neutral" }> = {
  ban: { icon: Ban, verb: "banned", tone: "danger" },
  unban: { icon: CircleCheck, verb: "lifted the ban on", tone: "calm" },
  silence: { icon: VolumeX, verb: "silenced", tone: "danger" },
  unsilence: { icon: Volume2, verb: "lifted the silence on", tone: "calm" },
  delete_member: { icon: UserX, verb: "deleted the member", tone: "danger" },
  review_hide: { icon: EyeOff, verb: "hid", tone: "danger" },
  review_delete: { icon: Trash2, verb: "deleted", tone: "danger" },
  review_keep: { icon: Eye, verb: "kept", tone: "calm" },
  lock_topic: { icon: Lock, verb: "locked the topic", tone: "neutral" },
  unlock_topic: { icon: LockOpen, verb: "unlocked the topic", tone: "calm" },
  delete_topic: { icon: Trash2, verb: "deleted the topic", tone: "danger" },
  change_role: { icon: ShieldCheck, verb: "changed the role of", tone: "neutral" },
};

const TONES = {
  danger: "border-destructive/40 bg-destructive/10 text-destructive-hover",
  calm: "border-success/35 bg-success/10 text-emerald-300 light:text-emerald-800",
  neutral: "border-border bg-surface-raised text-muted",
} as const;

/** The public moderation log's entries: who did what to what, why and when. Nothing here quotes hidden text. */
export function ModerationLogList({ entries }: { entries: ModerationLogEntry[] }) {
  return (
    <ol aria-label="Moderation log" className="divide-y divide-border">
      {entries.map((entry) => {
        const { icon: Icon, verb, tone } = ACTIONS[entry.action];
        return (
          <li key={entry.id} data-action={entry.action} className="flex gap-3 px-4 py-3 sm:px-5">
            <span className={cn("mt-0.5 grid size-8 shrink-0 place-items-center rounded-full border", TONES[tone])}>
              <Icon className="size-4" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm break-words">
                <span className="font-medium">{entry.moderatorUsername ?? "A former staff member"}</span> {verb}{" "}
                <span className="font-medium">{entry.targetLabel}</span>
              </p>
              {entry.reason && <p className="mt-0.5 text-sm break-words text-muted">{entry.reason}</p>}
              <p className="mt-0.5 text-xs text-muted">
                <RelativeTime timestamp={entry.createdAt} />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
