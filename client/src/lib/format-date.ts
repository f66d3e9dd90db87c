import { differenceInMonths } from "date-fns";

// Written with the browser's Intl and a port of date-fns's formatDistance (its English words), not
// date-fns's format and locale: those were 5 kB (brotli) of every screen's first load.
const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "2-digit", year: "numeric" });
const TIME = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** An ISO timestamp as a date, e.g. 'Mar 05, 2026'. */
export function formatDate(timestamp: string): string {
  return DATE.format(new Date(timestamp));
}

/** An ISO timestamp as a date with the local time, e.g. 'Mar 05, 2026 at 14:30'. */
export function formatDateTime(timestamp: string): string {
  const date = new Date(timestamp);
  return `${DATE.format(date)} at ${TIME.format(date)}`;
}

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43200;
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/** How far `earlier` is before `later` in words, as date-fns's formatDistance says it in English. */
function distance(earlier: Date, later: Date): string {
  const seconds = Math.trunc((later.getTime() - earlier.getTime()) / 1000);
  // A change of daylight saving time in between does not count.
  const offsetSeconds = (later.getTimezoneOffset() - earlier.getTimezoneOffset()) * 60;
  const minutes = Math.round((seconds - offsetSeconds) / 60);
  if (minutes < 2) return minutes === 0 ? "less than a minute" : plural(minutes, "minute");
  if (minutes < 45) return plural(minutes, "minute");
  if (minutes < 90) return "about 1 hour";
  if (minutes < MINUTES_IN_DAY) return `about ${plural(Math.round(minutes / 60), "hour")}`;
  if (minutes < 2520) return "1 day";
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), "day");
  if (minutes < MINUTES_IN_MONTH * 2) return `about ${plural(Math.round(minutes / MINUTES_IN_MONTH), "month")}`;
  const months = differenceInMonths(later, earlier);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), "month");
  const years = Math.trunc(months / 12);
  if (months % 12 < 3) return `about ${plural(years, "year")}`;
  if (months % 12 < 9) return `over ${plural(years, "year")}`;
  return `almost ${plural(years + 1, "year")}`;
}

/** How long ago an ISO timestamp was, e.g. '3 hours ago'. A time slightly ahead of the local clock reads as now. */
export function formatTimeAgo(timestamp: string, now: number = Date.now()): string {
  const time = Math.min(new Date(timestamp).getTime(), now);
  return `${distance(new Date(time), new Date(now))} ago`;
}
