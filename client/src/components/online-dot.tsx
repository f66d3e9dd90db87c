import { useIsOnline } from "@/hooks/use-online";
import { cn } from "@/lib/cn";

interface OnlineDotProps {
  /** Null (a deleted member's content): no dot. */
  userId: number | null;
  className?: string;
}

/** A small dot: green while the member is online, grey otherwise; labelled 'Online' / 'Offline'. */
export function OnlineDot({ userId, className }: OnlineDotProps) {
  const online = useIsOnline(userId ?? 0);
  if (userId === null) return null;
  const label = online ? "Online" : "Offline";
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-online={online}
      className={cn(
        "inline-block size-2.5 shrink-0 rounded-full ring-2 ring-background transition-colors",
        online ? "bg-success" : "bg-muted/60",
        className,
      )}
    />
  );
}
