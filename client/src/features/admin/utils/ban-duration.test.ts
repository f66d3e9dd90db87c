import { describe, expect, it } from "vitest";
import { BAN_DURATIONS, banExpiresAt } from "./ban-duration";

describe("ban durations", () => {
  it("offers 1 day, 3 days, 1 week, 1 month and Permanent", () => {
    expect(BAN_DURATIONS.map((duration) => duration.label)).toEqual(["1 day", "3 days", "1 week", "1 month", "Permanent"]);
    expect(BAN_DURATIONS.map((duration) => duration.days)).toEqual([1, 3, 7, 30, null]);
  });

  it("computes the expiry as now plus the days, and none for a permanent ban", () => {
    const now = Date.parse("2026-03-05T12:00:00.000Z");
    expect(banExpiresAt("1", now)).toBe("2026-03-06T12:00:00.000Z");
    expect(banExpiresAt("7", now)).toBe("2026-03-12T12:00:00.000Z");
    expect(banExpiresAt("30", now)).toBe("2026-04-04T12:00:00.000Z");
    expect(banExpiresAt("permanent", now)).toBeUndefined();
  });
});
