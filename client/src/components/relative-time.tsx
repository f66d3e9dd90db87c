import { useNow } from "@/hooks/use-now";
import { formatDateTime, formatTimeAgo } from "@/lib/format-date";

/** '3 hours ago', kept current; the full date and time show on hover. */
export function RelativeTime({ timestamp, className }: { timestamp: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={timestamp} title={formatDateTime(timestamp)} className={className}>
      {formatTimeAgo(timestamp, Math.max(now, Date.now()))}
    </time>
  );
}
