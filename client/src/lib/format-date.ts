import { format, formatDistanceToNow } from "date-fns";

/** How dates are shown on every screen. */
const DATE_FORMAT = "MMM dd, yyyy";

/** An ISO timestamp as a date, e.g. 'Mar 05, 2026'. */
export function formatDate(timestamp: string): string {
  return format(new Date(timestamp), DATE_FORMAT);
}

/** An ISO timestamp as a date with the local time, e.g. 'Mar 05, 2026 at 14:30'. */
export function formatDateTime(timestamp: string): string {
  return format(new Date(timestamp), `${DATE_FORMAT} 'at' HH:mm`);
}

/** How long ago an ISO timestamp was, e.g. '3 hours ago'. A time slightly ahead of the local clock reads as now. */
export function formatTimeAgo(timestamp: string, now: number = Date.now()): string {
  const time = Math.min(new Date(timestamp).getTime(), now);
  return formatDistanceToNow(time, { addSuffix: true });
}
