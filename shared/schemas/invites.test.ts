import { describe, expect, it } from "vitest";
import { createInviteSchema } from "./invites";

describe("createInviteSchema", () => {
  it("accepts a missing or empty body", () => {
    expect(createInviteSchema.parse(undefined)).toEqual({});
    expect(createInviteSchema.parse({})).toEqual({});
  });

  it("takes 1 to 365 whole days", () => {
    expect(createInviteSchema.parse({ expiresInDays: 30 })).toEqual({ expiresInDays: 30 });
    for (const bad of [0, 366, 1.5, "7"]) {
      expect(createInviteSchema.safeParse({ expiresInDays: bad }).success, String(bad)).toBe(false);
    }
  });

  it("rejects unknown fields", () => {
    expect(createInviteSchema.safeParse({ code: "AAAAAAAAAAAA" }).success).toBe(false);
  });
});
