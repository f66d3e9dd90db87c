import { describe, expect, it } from "vitest";
import { adminUsersQuerySchema, badgeParamsSchema, banUserSchema, grantBadgeSchema } from "./admin";
import { issueMessages } from "./test-utils";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("banUserSchema", () => {
  it("requires a reason", () => {
    expect(issueMessages(banUserSchema, { reason: "  " })).toEqual(["Ban reason is required"]);
    expect(banUserSchema.safeParse({ reason: "x".repeat(501) }).success).toBe(false);
  });

  it("is permanent without expiry", () => {
    expect(banUserSchema.parse({ reason: " spam " })).toEqual({ reason: "spam" });
  });

  it("takes an ISO expiry in the future", () => {
    const expiresAt = new Date(Date.now() + 7 * DAY_MS).toISOString();
    expect(banUserSchema.parse({ reason: "spam", expiresAt })).toEqual({ reason: "spam", expiresAt });
    expect(banUserSchema.safeParse({ reason: "spam", expiresAt: "2099-01-01T00:00:00+02:00" }).success).toBe(true);
  });

  it("rejects a past or malformed expiry", () => {
    const past = new Date(Date.now() - DAY_MS).toISOString();
    expect(issueMessages(banUserSchema, { reason: "spam", expiresAt: past })).toEqual([
      "Ban expiry must be in the future",
    ]);
    expect(issueMessages(banUserSchema, { reason: "spam", expiresAt: "tomorrow" })).toEqual(["Invalid expiry date"]);
  });

  it("rejects unknown fields", () => {
    expect(banUserSchema.safeParse({ reason: "spam", bannedBy: 1 }).success).toBe(false);
  });
});

describe("grantBadgeSchema", () => {
  it("grants manual badges only", () => {
    expect(grantBadgeSchema.parse({ badgeType: "verified" })).toEqual({ badgeType: "verified" });
    expect(issueMessages(grantBadgeSchema, { badgeType: "veteran" })).toEqual([
      "Automatic badges cannot be granted or removed",
    ]);
    expect(issueMessages(grantBadgeSchema, { badgeType: "king" })).toEqual(["Invalid badge type"]);
  });

  it("checks the route parameters of a removal", () => {
    expect(badgeParamsSchema.parse({ id: "5", badgeType: "owner" })).toEqual({ id: 5, badgeType: "owner" });
    expect(badgeParamsSchema.safeParse({ id: "5", badgeType: "og_user" }).success).toBe(false);
  });
});

describe("adminUsersQuerySchema", () => {
  it("trims the search and keeps pagination defaults", () => {
    expect(adminUsersQuerySchema.parse({ search: " bob " })).toEqual({ page: 1, limit: 10, search: "bob" });
    expect(adminUsersQuerySchema.parse({ page: "2", limit: "10" })).toEqual({ page: 2, limit: 10 });
  });
});
