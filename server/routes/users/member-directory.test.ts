import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAppWithElsewhere, type TestAppWithElsewhere } from "../../test/app";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";
import { statementsSentDuring } from "../../test/statements";

// The members list's totals and page positions are kept in the process (queries/member-directory.ts)
// and dropped on every change of a member, made here or anywhere else.
describe("the members list, with its totals cached", () => {
  let t: TestAppWithElsewhere;
  let viewer: Agent;
  let elsewhere: pg.Pool;
  beforeAll(async () => {
    t = await createTestAppWithElsewhere();
    elsewhere = t.elsewhere;
    const member = await insertMember(t.database.db);
    viewer = await signedInAgent(t.app, member.username);
  });
  afterAll(() => t.close());

  const totalUsers = async () => (await viewer.get("/api/users?page=1").expect(200)).body.pagination.totalUsers as number;
  const countedInDatabase = async () => (await elsewhere.query<{ n: number }>("SELECT count(*)::int AS n FROM users")).rows[0]!.n;

  const statementsDuring = async (run: () => Promise<unknown>) => (await statementsSentDuring(t.database.pool, run)).length;

  it("answers a page with one statement (the page itself) once the totals are cached", async () => {
    for (let i = 0; i < 30; i++) await insertMember(t.database.db);
    await vi.waitFor(async () => expect(await statementsDuring(() => viewer.get("/api/users?page=2&limit=10").expect(200))).toBe(1), {
      timeout: 5_000,
      interval: 50,
    });
    expect(await statementsDuring(() => viewer.get("/api/users?page=3&limit=10").expect(200))).toBe(1);
  });

  it("counts a member added by this process within moments", async () => {
    const before = await totalUsers();
    await insertMember(t.database.db);
    // Announced like anyone's change (member_blocks_changed), not caught as the statement is sent.
    await vi.waitFor(async () => expect(await totalUsers()).toBe(before + 1), { timeout: 3_000, interval: 20 });
  });

  it("counts members added, promoted and removed by another process within moments", async () => {
    await totalUsers();
    await elsewhere.query("INSERT INTO users (username, password) VALUES ('from_elsewhere', 'x')");
    await vi.waitFor(async () => expect(await totalUsers()).toBe(await countedInDatabase()), { timeout: 3_000, interval: 20 });

    const admins = async () => (await viewer.get("/api/users?page=1").expect(200)).body.stats.totalAdmins as number;
    const adminsBefore = await admins();
    await elsewhere.query("UPDATE users SET is_admin = true WHERE username = 'from_elsewhere'");
    await vi.waitFor(async () => expect(await admins()).toBe(adminsBefore + 1), { timeout: 3_000, interval: 20 });

    await elsewhere.query("DELETE FROM users WHERE username = 'from_elsewhere'");
    await vi.waitFor(async () => expect(await totalUsers()).toBe(await countedInDatabase()), { timeout: 3_000, interval: 20 });
  });
});
