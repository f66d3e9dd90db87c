import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "./auth/password";
import { makeWorkerUtils } from "graphile-worker";
import { MAIL_MAX_ATTEMPTS, queueMail } from "./commands/mail-outbox";
import { accessTokens, invites, moderationLog, recoveryCodes, sessions, uploads, users } from "./db/schema";
import { TASKS } from "./jobs/tasks";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { queuedJobs } from "./test/jobs";
import { runScript } from "./test/processes";

describe("operator CLI", () => {
  let database: TestDatabase;
  const cli = (...args: string[]) => runScript("server/cli.ts", args, { DATABASE_URL: database.url });
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(users).values({ username: "Grace", password: "old", failedLoginAttempts: 5, lockedUntil: new Date(Date.now() + 600_000) });
  });
  afterAll(() => database.drop());

  it("invite prints a new code as the last line, expiring after --days", async () => {
    const result = await cli("invite", "--days", "3");
    expect(result.code).toBe(0);
    const code = result.stdout.trim().split("\n").at(-1)!;
    const [invite] = await database.db.select().from(invites).where(eq(invites.code, code));
    expect(invite).toMatchObject({ createdBy: null, assignedTo: null, usedBy: null });
    const days = (invite!.expiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
  });

  it("invite without --days never expires, and rejects a bad --days", async () => {
    const code = (await cli("invite")).stdout.trim().split("\n").at(-1)!;
    const [invite] = await database.db.select().from(invites).where(eq(invites.code, code));
    expect(invite!.expiresAt).toBeNull();
    const bad = await cli("invite", "--days", "zero");
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toBe("Error: invite takes --days N with N a whole number from 1 to 3650, and --count N with N from 1 to 1000");
  });

  it("invite --count prints that many new codes, one a line, after the heading", async () => {
    const result = await cli("invite", "--count", "3", "--days", "2");
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines.at(-4)).toBe("3 invite codes (expires in 2 days):");
    const codes = lines.slice(-3);
    expect(new Set(codes).size).toBe(3);
    expect(await database.db.select().from(invites).where(inArray(invites.code, codes))).toHaveLength(3);
    for (const bad of [["--count", "1001"], ["--count", "2", "--count", "3"]]) {
      expect((await cli("invite", ...bad)).code).toBe(1);
    }
  });

  it("make-admin finds the member case-insensitively", async () => {
    const result = await cli("make-admin", "grace");
    expect(result.code).toBe(0);
    const [grace] = await database.db.select().from(users).where(eq(users.username, "Grace"));
    expect(grace!.isAdmin).toBe(true);
  });

  it("make-admin is the role change staff make: the public log records it, by the System", async () => {
    await cli("make-admin", "Grace");
    const entries = await database.db.select().from(moderationLog).where(eq(moderationLog.targetLabel, "Grace"));
    expect(entries.map(({ action, reason, moderatorId, moderatorUsername }) => ({ action, reason, moderatorId, moderatorUsername }))).toContainEqual({
      action: "change_role",
      reason: "Now admin",
      moderatorId: null,
      moderatorUsername: "System",
    });
  });

  it("reset-password prints a working temporary password, unlocks the account, signs the member out and revokes their tokens", async () => {
    const [grace] = await database.db.select().from(users).where(eq(users.username, "Grace"));
    await database.db.insert(accessTokens).values({ userId: grace!.id, name: "script", tokenHash: "hash", scopes: ["read"] });
    await database.db.insert(sessions).values({ sid: "s1", sess: { cookie: {}, passport: { user: grace!.id } }, expire: new Date(Date.now() + 60_000) });
    await database.db.insert(sessions).values({ sid: "s2", sess: { cookie: {}, passport: { user: grace!.id + 1000 } }, expire: new Date(Date.now() + 60_000) });

    const result = await cli("reset-password", "Grace");
    expect(result.code).toBe(0);
    const password = result.stdout.trim().split("\n").at(-1)!;
    const [after] = await database.db.select().from(users).where(eq(users.id, grace!.id));
    expect(await verifyPassword(password, after!.password)).toBe(true);
    expect(after).toMatchObject({ failedLoginAttempts: 0, lockedUntil: null });
    expect((await database.db.select().from(sessions)).map((row) => row.sid)).toEqual(["s2"]);
    expect(await database.db.select().from(accessTokens).where(eq(accessTokens.userId, grace!.id))).toEqual([]);
  });

  it("disable-2fa turns a member's two-factor sign-in off, recovery codes included", async () => {
    const [grace] = await database.db.select().from(users).where(eq(users.username, "Grace"));
    await database.db.update(users).set({ twoFactorEnabled: true, twoFactorSecret: "v1.sealed", twoFactorLastStep: 1 }).where(eq(users.id, grace!.id));
    await database.db.insert(recoveryCodes).values({ userId: grace!.id, codeHash: "hash" });

    const result = await cli("disable-2fa", "grace");
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n").at(-1)).toBe("Two-factor sign-in is off for Grace");
    const [after] = await database.db.select().from(users).where(eq(users.id, grace!.id));
    expect(after).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null });
    expect(await database.db.select().from(recoveryCodes)).toEqual([]);
  });

  it("sweep-uploads removes the files nothing has referred to for 24 hours, and says how many", async () => {
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), "enclave-cli-uploads-"));
    try {
      const [grace] = await database.db.select().from(users).where(eq(users.username, "Grace"));
      const [old, fresh] = [`${"a".repeat(32)}.png`, `${"b".repeat(32)}.png`];
      for (const [filename, hoursAgo] of [[old, 25], [fresh, 1]] as const) {
        await writeFile(path.join(uploadDir, filename), "png");
        const since = new Date(Date.now() - hoursAgo * 3_600_000);
        await database.db.insert(uploads).values({ filename, ownerId: grace!.id, mimeType: "image/png", sizeBytes: 3, unreferencedSince: since });
      }
      const result = await runScript("server/cli.ts", ["sweep-uploads"], { DATABASE_URL: database.url, UPLOAD_DIR: uploadDir });
      expect(result.code).toBe(0);
      expect(result.stdout.trim().split("\n").at(-1)).toBe("Removed 1 unreferenced uploads and 0 stray files");
      expect((await database.db.select().from(uploads)).map((row) => row.filename)).toEqual([fresh]);
      expect([existsSync(path.join(uploadDir, old)), existsSync(path.join(uploadDir, fresh))]).toEqual([false, true]);
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  });

  it("mail-failed lists the mails given up; mail-retry queues them again and mail-discard deletes them, by id or --all", async () => {
    expect((await cli("mail-failed")).stdout.trim().split("\n").at(-1)).toBe("No mail was given up");
    // Three mails given up (their jobs failed for good, as the job library marks them) and one waiting.
    for (const n of [1, 2, 3, 4]) await queueMail(database.db, `sealed-${n}`);
    const [first, second, third, waiting] = (await queuedJobs(database.db, TASKS.sendMail)).map((job) => job.id);
    const utils = await makeWorkerUtils({ pgPool: database.pool });
    try {
      for (const [n, id] of [first!, second!, third!].entries()) await utils.permanentlyFailJobs([id], `550 mailbox ${n + 1} unavailable`);
    } finally {
      await utils.release();
    }

    const listed = (await cli("mail-failed")).stdout.trim().split("\n");
    expect(listed.slice(-4)).toEqual([
      "3 mails given up (mail-retry sends them again, mail-discard deletes them):",
      ...[first, second, third].map((id, n) => expect.stringMatching(new RegExp(`^${id}  queued \\S+  given up after ${MAIL_MAX_ATTEMPTS} attempts: 550 mailbox ${n + 1} unavailable$`))),
    ]);

    expect((await cli("mail-retry", first!)).stdout.trim().split("\n").at(-1)).toBe("1 mails queued again");
    const job = async (id: string) => (await queuedJobs(database.db, TASKS.sendMail)).find((queued) => queued.id === id);
    expect(await job(first!)).toMatchObject({ attempts: 0, lastError: "550 mailbox 1 unavailable" });
    expect((await job(first!))!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // A waiting mail is not "given up": neither command touches it.
    expect((await cli("mail-discard", second!, waiting!)).stdout.trim().split("\n").at(-1)).toBe("1 mails deleted");
    expect(await job(second!)).toBeUndefined();
    expect(await job(waiting!)).toMatchObject({ attempts: 0 });
    expect((await cli("mail-retry", "--all")).stdout.trim().split("\n").at(-1)).toBe("1 mails queued again");
    expect(await job(third!)).toMatchObject({ attempts: 0 });

    for (const args of [["mail-retry", "abc"], ["mail-discard", "1", "--all"]]) {
      const refused = await cli(...args);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(`Error: ${args[0]} takes the ids that mail-failed lists, or --all`);
    }
    // Nine CLI processes, each starting tsx: more than the default 30 s on a busy 2-core machine.
  }, 90_000);

  it("fails with one line for an unknown member or command", async () => {
    const missing = await cli("make-admin", "nobody");
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("Error: no user named nobody");
    const malformed = await cli("reset-password", "no body!");
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim()).toBe("Error: no body! is not a username (3-20 characters: letters, numbers, underscore and dash)");
    const unknown = await cli("frobnicate");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
  });
});
