import type { InviteStatus } from "@shared/types";
import { cn } from "@/lib/cn";

const LOOKS: Record<InviteStatus, { label: string; classes: string }> = {
  active: { label: "Active", classes: "border-success/35 bg-success/10 text-emerald-300 light:text-emerald-800" },
  used: { label: "Used", classes: "border-primary/40 bg-primary/10 text-primary-hover" },
  expired: { label: "Expired", classes: "border-amber-400/35 bg-amber-400/10 text-amber-300 light:text-amber-800" },
};

/** An invite's status as a chip: Active, Used or Expired. */
export function InviteStatusBadge({ status, className }: { status: InviteStatus; className?: string }) {
  const look = LOOKS[status] ?? { label: status, classes: "border-border bg-surface-raised text-muted" };
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap", look.classes, className)}
    >
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {look.label}
    </span>
  );
}
