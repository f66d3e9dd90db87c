import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { runMigrations } from "graphile-worker";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { migrationsDir } from "../paths";
import { withDatabaseName } from "../test/database-names";

/**
 * The migrations that moved each hand-written queue onto the job queue (docs/decisions/052), run on
 * a database holding rows of the old tables: nothing waiting is lost.
 */
const adminUrl = inject("pgAdminUrl");
let dir: string;
let name: string;
let pool: pg.Pool;

/** The migrations folder as it was before `tag` (its journal cut just before it). */
async function migrationsBefore(tag: string): Promise<string> {
  const copy = path.join(dir, "migrations");
  await cp(migrationsDir, copy, { recursive: true });
  const journalPath = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

/** A database migrated up to `tag`, with the job queue's schema (installed before the app's migrations). */
async function migratedBefore(tag: string) {
  await runMigrations({ pgPool: pool });
  await migrate(drizzle(pool), { migrationsFolder: await migrationsBefore(tag) });
}
const migrateToLatest = () => migrate(drizzle(pool), { migrationsFolder: migrationsDir });
const jobs = async (task: string) =>
  (await pool.query(`SELECT j.payload, j.run_at, j.attempts, j.max_attempts, j.last_error, j.key FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1 ORDER BY j.id`, [task])).rows;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "enclave-migration-"));
  name = `test_migration_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: withDatabaseName(adminUrl, name), max: 2 });
  pool.on("error", () => {});
  pool.on("connect", () => {});
});

afterEach(async () => {
  await pool.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
});

describe("moving the mail outbox into the job queue", () => {
  it("queues every waiting mail as a send_mail job with its Message-ID key, and keeps a given-up one failed", async () => {
    await migratedBefore("0039_mail_outbox_as_jobs");
    await pool.query(`
      INSERT INTO mail_outbox (id, sealed_mail, attempts, next_attempt_at, last_error, failed_at, created_at) VALUES
        (7, 'sealed-waiting', 2, '2026-11-30T10:05:00Z', '450 busy', NULL, '2026-11-30T10:00:00.123Z'),
        (8, 'sealed-failed', 30, '2026-11-30T11:00:00Z', '550 no such mailbox', '2026-11-30T11:00:00Z', '2026-11-29T10:00:00Z')`);

    await migrateToLatest();

    expect(await jobs("send_mail")).toEqual([
      { payload: { sealedMail: "sealed-waiting", messageKey: `outbox-7.${Date.parse("2026-11-30T10:00:00.123Z")}` }, run_at: new Date("2026-11-30T10:05:00Z"), attempts: 0, max_attempts: 13, last_error: null, key: null },
      { payload: { sealedMail: "sealed-failed", messageKey: `outbox-8.${Date.parse("2026-11-29T10:00:00Z")}` }, run_at: new Date("2026-11-30T11:00:00Z"), attempts: 13, max_attempts: 13, last_error: "550 no such mailbox", key: null },
    ]);
    expect((await pool.query(`SELECT to_regclass('mail_outbox') AS outbox`)).rows).toEqual([{ outbox: null }]);
  });
});

describe("moving the push queue into the job queue", () => {
  it("queues every waiting push as a push job, due when it was", async () => {
    await migratedBefore("0040_push_queue_as_jobs");
    const { rows: [member] } = await pool.query<{ id: number }>(`INSERT INTO users (username, password) VALUES ('pushed', 'x') RETURNING id`);
    await pool.query(`INSERT INTO push_queue (user_id, notification_id, message_id, attempts, available_at) VALUES ($1, 11, NULL, 0, '2026-11-30T10:00:00Z'), ($1, NULL, 12, 3, '2026-11-30T10:05:00Z')`, [member!.id]);

    await migrateToLatest();

    expect(await jobs("push")).toEqual([
      { payload: { userId: member!.id, notificationId: 11 }, run_at: new Date("2026-11-30T10:00:00Z"), attempts: 0, max_attempts: 5, last_error: null, key: null },
      { payload: { userId: member!.id, messageId: 12 }, run_at: new Date("2026-11-30T10:05:00Z"), attempts: 0, max_attempts: 5, last_error: null, key: null },
    ]);
    expect((await pool.query(`SELECT to_regclass('push_queue') AS queue`)).rows).toEqual([{ queue: null }]);
  });
});

describe("moving member deletions onto the job queue", () => {
  it("queues the next batch of every unfinished deletion, one job each", async () => {
    await migratedBefore("0041_member_deletions_as_jobs");
    await pool.query(`INSERT INTO member_deletions (id, user_id, username, posts_total, posts_done, finished_at) VALUES
      (3, 30, 'going', 500, 100, NULL), (4, 40, 'gone', 10, 10, now())`);

    await migrateToLatest();

    expect(await jobs("member_deletion")).toEqual([{ payload: { deletionId: 3 }, run_at: expect.any(Date), attempts: 0, max_attempts: 25, last_error: null, key: "member_deletion:3" }]);
  });
});

describe("moving the mail schedules onto the job queue", () => {
  it("queues one schedule job a member: due when the schedule was, or now for a member with a wake-up waiting", async () => {
    await migratedBefore("0042_mail_schedules_as_jobs");
    const { rows: members } = await pool.query<{ id: number }>(`INSERT INTO users (username, password) SELECT 'm' || n, 'x' FROM generate_series(1, 3) n RETURNING id`);
    const [due, woken, idle] = members.map((member) => member.id);
    await pool.query(`INSERT INTO mail_schedules (user_id, due_at) VALUES ($1, '2026-11-30T10:00:00Z'), ($2, '2026-11-30T11:00:00Z'), ($3, NULL)`, [due, woken, idle]);
    await pool.query(`INSERT INTO mail_wakeups (user_id) VALUES ($1), ($1)`, [woken]);

    await migrateToLatest();

    const queued = await jobs("mail_schedule");
    expect(queued.map(({ payload, key }) => ({ payload, key }))).toEqual([
      { payload: { userId: due }, key: `mail_schedule:${due}` },
      { payload: { userId: woken }, key: `mail_schedule:${woken}` },
    ]);
    expect(queued[0]!.run_at).toEqual(new Date("2026-11-30T10:00:00Z"));
    expect(queued[1]!.run_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await pool.query(`SELECT to_regclass('mail_wakeups') AS wakeups`)).rows).toEqual([{ wakeups: null }]);
  });
});
