import { describe, expect, it } from "vitest";
import {
  changePasswordFormSchema,
  changePasswordSchema,
  loginSchema,
  profileUpdateSchema,
  registerSchema,
} from "./auth";
import { issueMessages } from "./test-utils";

describe("registerSchema", () => {
  const valid = { username: "alice", password: "Secret123", inviteCode: "abcd2345efgh" };

  it("trims and upper-cases the invite code", () => {
    expect(registerSchema.parse({ ...valid, username: " alice ", inviteCode: " abcd2345efgh " })).toEqual({
      username: "alice",
      password: "Secret123",
      inviteCode: "ABCD2345EFGH",
    });
  });

  it("requires an invite code", () => {
    expect(issueMessages(registerSchema, { ...valid, inviteCode: "  " })).toEqual(["Please fill in all fields"]);
  });

  it("applies the username and password rules", () => {
    expect(issueMessages(registerSchema, { ...valid, username: "a<b" })).toContain("Special characters not allowed");
    expect(issueMessages(registerSchema, { ...valid, password: "password" })).toEqual([
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
  });

  it("rejects unknown fields", () => {
    expect(registerSchema.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
    expect(registerSchema.safeParse({ ...valid, invitedBy: 1 }).success).toBe(false);
  });
});

describe("loginSchema", () => {
  it("requires both fields after trimming", () => {
    expect(issueMessages(loginSchema, { username: " ", password: "x" })).toEqual(["Please fill in all fields"]);
    expect(issueMessages(loginSchema, { username: "alice", password: "  " })).toEqual(["Please fill in all fields"]);
    expect(loginSchema.parse({ username: " alice ", password: " pw " })).toEqual({ username: "alice", password: "pw" });
  });

  it("does not apply registration rules but bounds lengths", () => {
    expect(loginSchema.safeParse({ username: "al", password: "weak" }).success).toBe(true);
    expect(loginSchema.safeParse({ username: "a".repeat(21), password: "x" }).success).toBe(false);
    expect(loginSchema.safeParse({ username: "alice", password: "x".repeat(129) }).success).toBe(false);
  });
});

describe("changePasswordSchema", () => {
  it("requires the current password", () => {
    expect(issueMessages(changePasswordSchema, { currentPassword: "", newPassword: "NewSecret1" })).toEqual([
      "Current password is required",
    ]);
  });

  it("holds the new password to the registration rules", () => {
    expect(issueMessages(changePasswordSchema, { currentPassword: "old", newPassword: "abcdef" })).toEqual([
      "Password must be at least 8 characters",
      "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    ]);
    expect(changePasswordSchema.safeParse({ currentPassword: "old", newPassword: "NewSecret1" }).success).toBe(true);
  });

  it("rejects unknown fields", () => {
    const body = { currentPassword: "old", newPassword: "NewSecret1", confirmPassword: "NewSecret1" };
    expect(changePasswordSchema.safeParse(body).success).toBe(false);
  });
});

describe("changePasswordFormSchema", () => {
  it("requires a matching confirmation", () => {
    const form = { currentPassword: "old", newPassword: "NewSecret1" };
    expect(issueMessages(changePasswordFormSchema, { ...form, confirmPassword: "" })).toEqual([
      "Please confirm your new password",
    ]);
    const mismatch = changePasswordFormSchema.safeParse({ ...form, confirmPassword: "NewSecret2" });
    expect(mismatch.error?.issues).toMatchObject([{ path: ["confirmPassword"], message: "New passwords don't match" }]);
    expect(changePasswordFormSchema.safeParse({ ...form, confirmPassword: "NewSecret1" }).success).toBe(true);
  });
});

describe("profileUpdateSchema", () => {
  it("accepts any subset and clears with empty strings", () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ avatar: "", website: "", email: "" })).toEqual({
      avatar: "",
      website: "",
      email: "",
    });
  });

  it("strips @ from handles", () => {
    expect(profileUpdateSchema.parse({ twitter: "@jack", telegram: "@durov" })).toEqual({
      twitter: "jack",
      telegram: "durov",
    });
  });

  it("uses the spec's messages", () => {
    expect(issueMessages(profileUpdateSchema, { bio: "x".repeat(501) })).toEqual([
      "Bio must be less than 500 characters",
    ]);
    expect(issueMessages(profileUpdateSchema, { website: "javascript:alert(1)" })).toEqual(["Invalid website URL"]);
    expect(issueMessages(profileUpdateSchema, { location: "x".repeat(101) })).toEqual(["Location too long"]);
    expect(issueMessages(profileUpdateSchema, { email: "nope" })).toEqual(["Invalid email address"]);
  });

  it("rejects fields a member may not set", () => {
    for (const field of ["isAdmin", "postsCount", "username", "hasBio"]) {
      expect(profileUpdateSchema.safeParse({ [field]: true }).success, field).toBe(false);
    }
  });
});
