import type { Request, RequestHandler, Response } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { insertMember, signedInAgent } from "../test/fixtures";
import { z } from "zod";
import type { HttpError } from "../errors";
import { TOKEN_REFUSED } from "../policies/access-tokens";
import { admin, member, memberHandler, moderator, signedIn, staff, writer, type SignedInRequest } from "./guards";

describe("banned members", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const DAY = 86_400_000;

  it("can sign in, read themselves and their ban, and log out; every other call is 403 with the ban", async () => {
    const moderator = await insertMember(t.database.db, { isAdmin: true });
    const expiresAt = new Date(Date.now() + 3 * DAY);
    const member = await insertMember(t.database.db, { isBanned: true, banReason: "Spam", banExpiresAt: expiresAt, bannedBy: moderator.id });
    const agent = await signedInAgent(t.app, member.username);

    const me = await agent.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ isBanned: true, banReason: "Spam", banExpiresAt: expiresAt.toISOString() });

    const info = await agent.get("/api/user/ban-info");
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ isBanned: true, banReason: "Spam", banExpiresAt: expiresAt.toISOString(), bannedByUsername: moderator.username });

    for (const [method, path] of [["get", "/api/topics"], ["post", "/api/topics"], ["get", "/api/users"], ["post", "/api/auth/register"]] as const) {
      const res = await agent[method](path).send({});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: "Account banned", banReason: "Spam", banExpiresAt: expiresAt.toISOString() });
    }

    expect((await agent.post("/api/auth/logout")).status).toBe(200);
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });

  it("treats a ban without expiry as permanent", async () => {
    const member = await insertMember(t.database.db, { isBanned: true, banReason: "Abuse" });
    const agent = await signedInAgent(t.app, member.username);
    const res = await agent.get("/api/topics");
    expect(res.status).toBe(403);
    expect(res.body.banExpiresAt).toBeNull();
  });

  it("lets a member back in once the ban's expiry has passed, without anyone acting", async () => {
    const member = await insertMember(t.database.db, { isBanned: true, banReason: "Cool-off", banExpiresAt: new Date(Date.now() - 1000) });
    const agent = await signedInAgent(t.app, member.username);
    // Past the ban check: the route does not exist yet, so 404 rather than 403.
    expect((await agent.get("/api/no-such-route")).status).toBe(404);
    expect((await agent.get("/api/user/ban-info")).body).toMatchObject({ isBanned: false, banReason: null });
  });

  it("answers ban-info with 401 when signed out", async () => {
    expect((await request(t.app).get("/api/user/ban-info")).status).toBe(401);
  });
});

describe("route guards", () => {
  const run = (guard: RequestHandler, user?: Partial<Express.User>, { requireAdminTwoFactor = false } = {}) => {
    let passed: unknown = "not called";
    guard({ user, app: { locals: { requireAdminTwoFactor } } } as unknown as Request, {} as Response, (error?: unknown) => (passed = error));
    return passed as HttpError | undefined;
  };
  const active = { isAdmin: false, isBanned: false, banExpiresAt: null, banReason: null };
  const banned = { ...active, isBanned: true, banReason: "Spam" };

  it("signedIn: 401 when signed out, banned members pass", () => {
    expect(run(signedIn)?.status).toBe(401);
    expect(run(signedIn, banned)).toBeUndefined();
  });

  it("member: 401 signed out, 403 banned, otherwise through", () => {
    expect(run(member)?.status).toBe(401);
    expect(run(member, banned)).toMatchObject({ status: 403, message: "Account banned" });
    expect(run(member, { ...banned, banExpiresAt: new Date(Date.now() - 1000) })).toBeUndefined();
    expect(run(member, active)).toBeUndefined();
  });

  it("admin: 401 signed out, 403 for members and banned admins, through for admins", () => {
    expect(run(admin)?.status).toBe(401);
    expect(run(admin, active)).toMatchObject({ status: 403, message: "Administrator access required" });
    expect(run(admin, { ...banned, isAdmin: true })).toMatchObject({ status: 403, message: "Account banned" });
    expect(run(admin, { ...active, isAdmin: true })).toBeUndefined();
  });

  it("admin with REQUIRE_ADMIN_2FA: 403 for an administrator until their two-factor sign-in is on", () => {
    const required = { requireAdminTwoFactor: true };
    expect(run(admin, { ...active, isAdmin: true, twoFactorEnabled: false }, required)).toMatchObject({ status: 403, message: "Two-factor authentication required" });
    expect(run(admin, { ...active, isAdmin: true, twoFactorEnabled: true }, required)).toBeUndefined();
    expect(run(admin, { ...active, twoFactorEnabled: true }, required)).toMatchObject({ status: 403, message: "Administrator access required" });
  });
});

describe("staff and admin guards with an access token", () => {
  const run = (guard: RequestHandler, user: Partial<Express.User>, viaAccessToken: boolean) => {
    let passed: unknown = "not called";
    const req = { user, app: { locals: { requireAdminTwoFactor: false } }, ...(viaAccessToken && { viaAccessToken }) };
    guard(req as unknown as Request, {} as Response, (error?: unknown) => (passed = error));
    return passed as HttpError | undefined;
  };
  const administrator = { isAdmin: true, isModerator: false, isBanned: false, banExpiresAt: null, banReason: null };
  const moderatorMember = { ...administrator, isAdmin: false, isModerator: true };

  it.each([["staff", staff], ["moderator", moderator], ["admin", admin]] as const)("%s: refuses an administrator's token, lets their session through", (_name, guard) => {
    expect(run(guard, administrator, true)).toMatchObject({ status: 403, message: TOKEN_REFUSED });
    expect(run(guard, administrator, false)).toBeUndefined();
  });

  it("staff and moderator: refuse a moderator's token, let their session through; moderator refuses others as the review queue did", () => {
    for (const guard of [staff, moderator]) {
      expect(run(guard, moderatorMember, true)).toMatchObject({ status: 403, message: TOKEN_REFUSED });
      expect(run(guard, moderatorMember, false)).toBeUndefined();
    }
    expect(run(moderator, { ...moderatorMember, isModerator: false }, false)).toMatchObject({ status: 403, message: "Moderator access required" });
  });

  it("member and writer: a token's call goes through", () => {
    expect(run(member, administrator, true)).toBeUndefined();
    expect(run(writer, { ...administrator, silencedUntil: null }, true)).toBeUndefined();
  });
});

describe("memberHandler", () => {
  const reached: SignedInRequest[] = [];
  const call = (handler: RequestHandler, request: Partial<Request>) => handler(request as Request, {} as Response, () => {});
  const someone = { id: 7, username: "someone", isAdmin: false, isBanned: false };

  it("refuses a request with no member (a route missing its guard) with a 401, before the handler runs", () => {
    reached.length = 0;
    expect(() => call(memberHandler((req) => reached.push(req)), {})).toThrow(expect.objectContaining({ status: 401 }));
    expect(reached).toEqual([]);
  });

  it("gives the handler the member, and the body as its schema parsed it", () => {
    const schema = z.object({ content: z.string().trim(), pinned: z.boolean().default(false) });
    let seen: { user: unknown; body: z.output<typeof schema> } | undefined;
    call(
      memberHandler(schema, (req) => (seen = { user: req.user, body: req.body })),
      { user: someone as Express.User, body: { content: "  hello " } },
    );
    expect(seen).toEqual({ user: someone, body: { content: "hello", pinned: false } });
  });

  it("refuses a body its schema does not parse before the handler runs", () => {
    reached.length = 0;
    const handler = memberHandler(z.object({ content: z.string() }), (req) => reached.push(req));
    expect(() => call(handler, { user: someone as Express.User, body: { content: 1 } })).toThrow(z.ZodError);
    expect(reached).toEqual([]);
  });
});
