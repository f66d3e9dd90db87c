import { Crown } from "lucide-react";
import { cn } from "@/lib/cn";

/** The crown and 'Admin' chip shown beside an administrator's name. */
export function AdminBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-400/40 bg-amber-400/10 px-2 py-0.5 text-xs font-medium text-amber-300 light:text-amber-800",
        className,
      )}
    >
      <Crown className="size-3.5" aria-hidden />
      Admin
    </span>
  );
}
