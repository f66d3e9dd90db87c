import { describe, expect, it } from "vitest";
import { nextScheduleChange } from "./link-schedule";

const at = (iso: string) => new Date(iso).getTime();
const link = (visibleFrom: string | null, visibleUntil: string | null, isVisible = true) => ({ visibleFrom, visibleUntil, isVisible });

describe("nextScheduleChange", () => {
  const now = at("2026-11-26T12:00:00Z");

  it("is the nearest start or end still to come, of visible links only", () => {
    const links = [
      link("2026-11-26T18:00:00Z", null),
      link("2026-11-25T00:00:00Z", "2026-11-26T15:00:00Z"),
      link("2026-11-26T13:00:00Z", null, false),
      link(null, "2026-11-26T12:00:00Z"),
    ];
    expect(nextScheduleChange(links, now)).toBe(at("2026-11-26T15:00:00Z"));
  });

  it("is undefined when nothing will change", () => {
    expect(nextScheduleChange([link(null, null), link("2026-11-25T00:00:00Z", "2026-11-26T11:59:59Z")], now)).toBeUndefined();
    expect(nextScheduleChange([], now)).toBeUndefined();
  });
});
