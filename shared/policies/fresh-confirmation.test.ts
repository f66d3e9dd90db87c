import { describe, expect, it } from "vitest";
import { changesEmail, CONFIRMATION_WINDOW_MS, confirmedUntilFrom, isFreshlyConfirmed } from "./fresh-confirmation";

describe("a fresh confirmation", () => {
  const now = Date.parse("2026-11-27T12:00:00Z");

  it("lasts ten minutes from when it was made", () => {
    expect(CONFIRMATION_WINDOW_MS).toBe(10 * 60_000);
    const until = confirmedUntilFrom(now);
    expect(isFreshlyConfirmed(until, now)).toBe(true);
    expect(isFreshlyConfirmed(until, now + CONFIRMATION_WINDOW_MS - 1)).toBe(true);
    expect(isFreshlyConfirmed(until, now + CONFIRMATION_WINDOW_MS)).toBe(false);
  });

  it("reads the time as the session stores it (ms) or as the API sends it (ISO)", () => {
    expect(isFreshlyConfirmed(new Date(now + 1_000).toISOString(), now)).toBe(true);
    expect(isFreshlyConfirmed(new Date(now - 1_000).toISOString(), now)).toBe(false);
  });

  it("is not there without a window, or with one that cannot be read", () => {
    for (const until of [undefined, null, "", "soon", Number.NaN]) expect(isFreshlyConfirmed(until, now)).toBe(false);
  });
});

describe("changesEmail", () => {
  it("is setting, changing or clearing the address, not sending it again", () => {
    expect(changesEmail(null, "a@example.org")).toBe(true);
    expect(changesEmail("a@example.org", "b@example.org")).toBe(true);
    expect(changesEmail("a@example.org", "A@example.org")).toBe(true);
    expect(changesEmail("a@example.org", "")).toBe(true);
    expect(changesEmail("a@example.org", "a@example.org")).toBe(false);
    expect(changesEmail(null, "")).toBe(false);
    expect(changesEmail("a@example.org", undefined)).toBe(false);
  });
});
