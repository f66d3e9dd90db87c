import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoTime, isoTimeOrNull } from "./iso-time";

describe("isoTime", () => {
  it("gives exactly what toISOString gives, for any date", () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(isoTime(date)).toBe(date.toISOString());
      }),
      { numRuns: 5000 },
    );
    for (const edge of ["1000-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "0999-12-31T23:59:59.999Z", "2026-11-23T09:05:07.045Z"]) {
      expect(isoTime(new Date(edge))).toBe(edge);
    }
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });

  it("keeps a missing date missing", () => {
    expect(isoTimeOrNull(null)).toBeNull();
    expect(isoTimeOrNull(new Date("2026-01-02T03:04:05.006Z"))).toBe("2026-01-02T03:04:05.006Z");
  });
});
