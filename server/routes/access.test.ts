import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, signedInAgent, type Agent } from "../test/fixtures";

/** Every endpoint that needs a signed-in, not banned member, with a body where it takes one. */
const MEMBER_ENDPOINTS: ["get" | "post" | "put" | "patch" | "delete", string, object?][] = [
  ["get", "/api/topics"],
  ["post", "/api/topics", { title: "t" }],
  ["get", "/api/topics/1"],
  ["get", "/api/topics/1/posts"],
  ["post", "/api/topics/1/posts", { content: "x" }],
  ["patch", "/api/posts/1", { content: "x" }],
  ["delete", "/api/posts/1"],
  ["get", "/api/users"],
  ["get", "/api/users/someone"],
  ["get", "/api/users/someone/bio-status"],
  ["get", "/api/users/1/activity"],
  ["get", "/api/users/1/badges"],
  ["get", "/api/users/1/comments"],
  ["post", "/api/users/1/comments", { content: "x" }],
  ["delete", "/api/profile-comments/1"],
  ["get", "/api/invites/assigned"],
  ["patch", "/api/auth/profile", { bio: "x" }],
  ["patch", "/api/auth/change-password", { currentPassword: "x", newPassword: "Another123" }],
  ["post", "/api/bio"],
  ["get", "/api/bio/settings"],
  ["patch", "/api/bio", { displayName: "x" }],
  ["post", "/api/user/links", { title: "x", url: "https://example.com" }],
  ["delete", "/api/user/links/1"],
  ["patch", "/api/user/links/1", { title: "x" }],
  ["put", "/api/user/links/order", { ids: [1] }],
  ["get", "/api/bio/analytics"],
  ["put", "/api/topics/1/read", { postId: 1 }],
  ["get", "/api/search?q=hello"],
  ["get", "/api/notifications"],
  ["post", "/api/notifications/read", {}],
  ["post", "/api/upload"],
  ["delete", `/api/upload/${"a".repeat(32)}.png`],
];

describe("access to member endpoints", () => {
  let t: TestApp;
  let banned: Agent;
  beforeAll(async () => {
    t = await createTestApp();
    const member = await insertMember(t.database.db, { isBanned: true, banReason: "Spam" });
    banned = await signedInAgent(t.app, member.username);
  });
  afterAll(() => t.close());

  it.each(MEMBER_ENDPOINTS)("%s %s answers 401 when signed out", async (method, path, body) => {
    const res = await request(t.app)[method](path).send(body);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTypeOf("string");
  });

  it.each(MEMBER_ENDPOINTS)("%s %s answers 403 Account banned to a banned member", async (method, path, body) => {
    const res = await banned[method](path).send(body);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: "Account banned", banReason: "Spam" });
  });
});
