import { describe, expect, it } from "vitest";
import { shortTime } from "./short-time";

describe("shortTime", () => {
  const now = new Date(2026, 10, 26, 18, 0);
  it("shows the time for today, the day for this year, the date before that", () => {
    expect(shortTime(new Date(2026, 10, 26, 9, 5).toISOString(), now)).toBe("09:05");
    expect(shortTime(new Date(2026, 10, 25, 23, 59).toISOString(), now)).toBe("Nov 25");
    expect(shortTime(new Date(2025, 2, 4, 12, 0).toISOString(), now)).toBe("Mar 04, 2025");
  });
});
