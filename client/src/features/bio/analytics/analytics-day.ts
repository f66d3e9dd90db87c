import { format } from "date-fns";

/**
 * An analytics day (`YYYY-MM-DD`, a UTC date) in words, e.g. 'Nov 3'. Read as a calendar date, not
 * an instant, so the label is the server's day whatever the reader's time zone.
 */
export function formatAnalyticsDay(date: string, pattern = "MMM d"): string {
  const [year, month, day] = date.split("-").map(Number);
  return format(new Date(year!, month! - 1, day!), pattern);
}

/**
 * The chart's top value: at least the largest count, rounded up to 1, 2, 4, 6, 8 or 10 times a power
 * of ten, so that its half (the middle grid line) is a whole number too.
 */
export function chartCeiling(largest: number): number {
  if (largest <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(largest));
  const mantissa = [1, 2, 4, 6, 8, 10].find((step) => step * power >= largest)!;
  return mantissa * power;
}
