import { format, formatDistanceToNow } from "date-fns";
import { afterAll, describe, expect, test, vi } from "vitest";

// A zone with daylight saving time, so the distances across its changes are checked too.
process.env.TZ = "Europe/Berlin";
afterAll(() => vi.useRealTimers());
const { formatDate, formatDateTime, formatTimeAgo } = await import("./format-date");

const MINUTE = 60_000;
/** Distances from none to past six years, finer where the wording changes often. */
const distances = [
  ...Array.from({ length: 180 }, (_, index) => index * 30_000),
  ...Array.from({ length: 200 }, (_, index) => 90 * MINUTE + index * 17 * MINUTE),
  ...Array.from({ length: 400 }, (_, index) => index * 7.3 * 60 * MINUTE),
  ...Array.from({ length: 400 }, (_, index) => index * 5.7 * 24 * 60 * MINUTE),
];
const nows = ["2026-11-26T01:30:00Z", "2026-03-29T12:00:00Z", "2026-10-25T03:30:00Z", "2024-02-29T23:59:59Z"].map((iso) => new Date(iso).getTime());

describe("dates as the app shows them, without date-fns's format and locale", () => {
  test("formatDate and formatDateTime read as date-fns's 'MMM dd, yyyy' and 'HH:mm'", () => {
    for (const now of nows) {
      for (const offset of distances) {
        const time = new Date(now - offset);
        expect(formatDate(time.toISOString())).toBe(format(time, "MMM dd, yyyy"));
        expect(formatDateTime(time.toISOString())).toBe(format(time, "MMM dd, yyyy 'at' HH:mm"));
      }
    }
  });

  test("formatTimeAgo says what date-fns's formatDistanceToNow says, with 'ago'", () => {
    for (const now of nows) {
      vi.useFakeTimers({ now });
      for (const offset of distances) {
        const timestamp = new Date(now - offset).toISOString();
        expect(formatTimeAgo(timestamp, now), timestamp).toBe(formatDistanceToNow(new Date(timestamp), { addSuffix: true }));
      }
    }
  });

  test("a time ahead of the clock reads as now", () => {
    const now = nows[0]!;
    expect(formatTimeAgo(new Date(now + 5 * MINUTE).toISOString(), now)).toBe("less than a minute ago");
  });
});
