import { format } from "date-fns";

/** How dates are shown on every screen. */
const DATE_FORMAT = "MMM dd, yyyy";

/** An ISO timestamp as a date with the local time, e.g. 'Mar 05, 2026 at 14:30'. */
export function formatDateTime(timestamp: string): string {
  return format(new Date(timestamp), `${DATE_FORMAT} 'at' HH:mm`);
}
