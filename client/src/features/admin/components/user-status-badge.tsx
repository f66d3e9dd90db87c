import { Ban, CircleCheck, Crown, VolumeX } from "lucide-react";
import type { AdminUser } from "@shared/types";
import { useNow } from "@/hooks/use-now";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format-date";
import { userStatus } from "../utils/user-status";

const LOOKS = {
  admin: { icon: Crown, classes: "border-amber-400/40 bg-amber-400/10 text-amber-300 light:text-amber-800" },
  active: { icon: CircleCheck, classes: "border-success/35 bg-success/10 text-emerald-300 light:text-emerald-800" },
  banned: { icon: Ban, classes: "border-destructive/40 bg-destructive/10 text-destructive-hover" },
  silenced: { icon: VolumeX, classes: "border-amber-400/40 bg-amber-400/10 text-amber-300 light:text-amber-800" },
} as const;

/** Active, Banned until <date>, Banned permanently or Admin, as a coloured chip. */
export function UserStatusBadge({ user, className }: { user: AdminUser; className?: string }) {
  const now = useNow();
  const status = userStatus(user, Math.max(now, Date.now()));
  const { icon: Icon, classes } = LOOKS[status.kind];
  return (
    <span
      data-status={status.kind}
      title={
        status.kind === "banned"
          ? [user.banReason, status.until && `Until ${formatDateTime(status.until)}`].filter(Boolean).join(" · ")
          : status.kind === "silenced"
            ? [user.silenceReason, `Until ${formatDateTime(status.until)}`].filter(Boolean).join(" · ")
            : undefined
      }
      className={cn("inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", classes, className)}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {status.label}
    </span>
  );
}
