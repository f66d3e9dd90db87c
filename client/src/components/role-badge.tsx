import { Crown, ShieldCheck } from "lucide-react";
import type { Role } from "@shared/roles";
import { cn } from "@/lib/cn";

const LOOKS = {
  admin: { label: "Admin", icon: Crown, classes: "border-amber-400/40 bg-amber-400/10 text-amber-300 light:text-amber-800" },
  moderator: { label: "Moderator", icon: ShieldCheck, classes: "border-sky-400/40 bg-sky-400/10 text-sky-300 light:text-sky-800" },
} as const;

/**
 * Staff marked next to their name (docs/product.md "Moderation by the community"): 'Admin' or
 * 'Moderator' as a small chip; members get none. `compact` is the smaller one beside an author's name.
 */
export function RoleBadge({ role, compact = false, className }: { role: Role; compact?: boolean; className?: string }) {
  if (role === "member") return null;
  const { label, icon: Icon, classes } = LOOKS[role];
  return (
    <span
      data-role={role}
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border font-medium whitespace-nowrap",
        compact ? "px-1.5 py-px text-[0.6875rem] leading-4" : "px-2 py-0.5 text-xs",
        classes,
        className,
      )}
    >
      <Icon className={compact ? "size-3" : "size-3.5"} aria-hidden />
      {label}
    </span>
  );
}
