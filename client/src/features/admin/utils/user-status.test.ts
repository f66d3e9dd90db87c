import { describe, expect, it } from "vitest";
import { userStatus } from "./user-status";

const now = Date.parse("2026-03-05T12:00:00.000Z");

describe("userStatus", () => {
  it("shows admins as Admin", () => {
    expect(userStatus({ isAdmin: true, isBanned: false, banExpiresAt: null }, now)).toMatchObject({ kind: "admin", label: "Admin" });
  });

  it("shows a ban in force with its end, or as permanent", () => {
    expect(userStatus({ isAdmin: false, isBanned: true, banExpiresAt: "2026-03-08T12:00:00.000Z" }, now)).toMatchObject({
      kind: "banned",
      label: expect.stringMatching(/^Banned until Mar 0[78], 2026$/),
    });
    expect(userStatus({ isAdmin: false, isBanned: true, banExpiresAt: null }, now)).toMatchObject({
      kind: "banned",
      label: "Banned permanently",
    });
  });

  it("shows members without a ban, or whose ban ran out, as Active", () => {
    expect(userStatus({ isAdmin: false, isBanned: false, banExpiresAt: null }, now)).toMatchObject({ kind: "active", label: "Active" });
    expect(userStatus({ isAdmin: false, isBanned: true, banExpiresAt: "2026-03-01T00:00:00.000Z" }, now)).toMatchObject({
      kind: "active",
    });
  });
});
