import { describe, expect, it } from "vitest";
import { chartCeiling, formatAnalyticsDay } from "./analytics-day";

describe("analytics days", () => {
  it("labels the server's calendar date, not a shifted instant", () => {
    expect(formatAnalyticsDay("2026-11-03")).toBe("Nov 3");
    expect(formatAnalyticsDay("2026-01-01", "yyyy-MM-dd")).toBe("2026-01-01");
  });

  it.each([
    [0, 2],
    [1, 2],
    [3, 4],
    [7, 8],
    [9, 10],
    [10, 10],
    [13, 20],
    [45, 60],
    [100, 100],
    [101, 200],
  ])("puts the chart's top for a largest count of %i at %i, with a whole middle line", (largest, ceiling) => {
    expect(chartCeiling(largest)).toBe(ceiling);
    expect(Number.isInteger(ceiling / 2)).toBe(true);
  });
});
