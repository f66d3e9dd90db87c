import { describe, expect, it } from "vitest";
import { countUsable, isExpired, isUsable } from "./usable-invites";

const now = Date.parse("2026-03-01T12:00:00Z");
const invite = (usedAt: string | null, expiresAt: string | null) => ({ usedAt, expiresAt });

describe("usable invites", () => {
  it("counts the unused invites that have not expired", () => {
    const invites = [
      invite(null, null),
      invite(null, "2026-03-02T00:00:00Z"),
      invite(null, "2026-03-01T12:00:00Z"), // expires right now
      invite("2026-02-01T00:00:00Z", null),
      invite("2026-02-01T00:00:00Z", "2026-01-01T00:00:00Z"),
    ];
    expect(invites.map((item) => isUsable(item, now))).toEqual([true, true, false, false, false]);
    expect(countUsable(invites, now)).toBe(2);
    expect(invites.map((item) => isExpired(item, now))).toEqual([false, false, true, false, false]);
  });
});
