import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invites, userBadges, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { inviteCode, insertMember, PASSWORD, readUser, uniqueName } from "../../test/fixtures";

describe("POST /api/auth/register", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const register = async (body: Record<string, unknown>) => request(t.app).post("/api/auth/register").send(body);

  it("makes the first account an administrator with the owner badge, signed in at once", async () => {
    const code = await inviteCode(t.database.db);
    const agent = request.agent(t.app);
    const res = await agent.post("/api/auth/register").send({ username: "Founder", password: PASSWORD, inviteCode: code });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: "Founder", isAdmin: true, isBanned: false, hasBio: false, postsCount: 0, invitedByUsername: null, email: null });
    expect(res.body).not.toHaveProperty("password");
    expect(res.body).not.toHaveProperty("failedLoginAttempts");
    expect(res.headers["set-cookie"]?.[0]).toMatch(/^sid=.*HttpOnly.*SameSite=Lax/i);
    expect((await agent.get("/api/auth/user")).body.username).toBe("Founder");
    const badges = await t.database.db.select().from(userBadges).where(eq(userBadges.userId, res.body.id));
    expect(badges.map((badge) => badge.badgeType)).toEqual(["owner"]);
    const [invite] = await t.database.db.select().from(invites).where(eq(invites.code, code));
    expect(invite).toMatchObject({ usedBy: res.body.id });
    expect(invite!.usedAt).toBeInstanceOf(Date);
  });

  it("answers a username of 99,000 `<` at once (validation is linear)", async () => {
    const started = Date.now();
    const res = await register({ username: "<".repeat(99_000), password: PASSWORD, inviteCode: "ABCDEFGHJKMN" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "username", message: "Username must be at most 20 characters" }]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("makes later accounts plain members, invited by the invite's assignee, else its creator", async () => {
    const creator = await insertMember(t.database.db);
    const assignee = await insertMember(t.database.db);
    const byCreator = await register({ username: uniqueName(), password: PASSWORD, inviteCode: await inviteCode(t.database.db, { createdBy: creator.id }) });
    expect(byCreator.body).toMatchObject({ isAdmin: false, invitedByUsername: creator.username });
    const byAssignee = await register({ username: uniqueName(), password: PASSWORD, inviteCode: await inviteCode(t.database.db, { createdBy: creator.id, assignedTo: assignee.id }) });
    expect(byAssignee.body.invitedByUsername).toBe(assignee.username);
    expect((await readUser(t.database.db, byAssignee.body.id)).invitedBy).toBe(assignee.id);
  });

  it("accepts the code in any case and trims the fields", async () => {
    const code = await inviteCode(t.database.db);
    const username = uniqueName();
    const res = await register({ username: `  ${username} `, password: ` ${PASSWORD} `, inviteCode: ` ${code.toLowerCase()} ` });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(username);
  });

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "a".repeat(21) }, "Username must be at most 20 characters"],
    [{ username: "bad name" }, "Username can only contain letters, numbers, underscore and dash"],
    [{ username: "<b>x</b>" }, "Username can only contain letters, numbers, underscore and dash"],
    [{ username: "Admin" }, "This username is not available"],
    [{ password: "Short1" }, "Password must be at least 8 characters"],
    [{ password: "Aa1" + "x".repeat(126) }, "Password too long"],
    [{ password: "alllowercase1" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ password: "NoDigitsHere" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ inviteCode: "" }, "Please fill in all fields"],
  ])("refuses %j with 400 '%s'", async (override, message) => {
    const res = await register({ username: uniqueName(), password: PASSWORD, inviteCode: await inviteCode(t.database.db), ...override });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { message: string }) => error.message)).toContain(message);
  });

  it("refuses unknown fields, so isAdmin can never be set by a client", async () => {
    const res = await register({ username: uniqueName(), password: PASSWORD, inviteCode: await inviteCode(t.database.db), isAdmin: true });
    expect(res.status).toBe(400);
    expect(await t.database.db.select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1);
  });

  it("refuses unknown, expired and used codes alike", async () => {
    const expired = (await t.database.db.insert(invites).values({ code: "EXP1REDC0DE2", expiresAt: new Date(Date.now() - 1000) }).returning())[0]!;
    const used = await inviteCode(t.database.db);
    expect((await register({ username: uniqueName(), password: PASSWORD, inviteCode: used })).status).toBe(201);
    for (const code of ["NOSUCHCODE23", expired.code, used]) {
      const res = await register({ username: uniqueName(), password: PASSWORD, inviteCode: code });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Invalid or expired invite code");
    }
  });

  it("refuses a username taken in another case with 409, leaving the invite unused", async () => {
    const existing = await insertMember(t.database.db);
    const code = await inviteCode(t.database.db);
    const res = await register({ username: existing.username.toUpperCase(), password: PASSWORD, inviteCode: code });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Username already taken");
    const [invite] = await t.database.db.select().from(invites).where(eq(invites.code, code));
    expect(invite!.usedAt).toBeNull();
  });

  it("lets exactly one of ten concurrent registrations with one code succeed", async () => {
    const code = await inviteCode(t.database.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => register({ username: uniqueName("racer"), password: PASSWORD, inviteCode: code })),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    const refused = results.filter((res) => res.status !== 201);
    expect(refused.every((res) => res.status === 400 && res.body.message === "Invalid or expired invite code")).toBe(true);
    const [invite] = await t.database.db.select().from(invites).where(eq(invites.code, code));
    const winner = results.find((res) => res.status === 201)!;
    expect(invite!.usedBy).toBe(winner.body.id);
  });
});
