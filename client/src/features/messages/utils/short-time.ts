import { format, isSameDay, isSameYear } from "date-fns";

/** A message's time as a messaging list shows it: '14:30' today, 'Nov 03' this year, else 'Nov 03, 2025'. */
export function shortTime(timestamp: string, now: Date = new Date()): string {
  const time = new Date(timestamp);
  if (isSameDay(time, now)) return format(time, "HH:mm");
  return format(time, isSameYear(time, now) ? "MMM dd" : "MMM dd, yyyy");
}
