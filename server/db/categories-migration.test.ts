import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { inject } from "vitest";
import { migrationsDir } from "../paths";
import { applyMigrations } from "./migrate";
import { withDatabaseName } from "../test/database-names";

/**
 * The migration that brought categories, run on a database holding topics made before it: it must
 * make General and put every one of them in it, counted.
 */
const MIGRATION = "0019_categories_and_tags";

let client: pg.Client;
let dir: string;
const name = `test_migration_${randomBytes(6).toString("hex")}`;
const adminUrl = inject("pgAdminUrl");

/** The migrations folder as it was before `MIGRATION` (its journal cut just before it). */
async function migrationsBefore(): Promise<string> {
  const copy = path.join(dir, "migrations");
  await cp(migrationsDir, copy, { recursive: true });
  const journalPath = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  return copy;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "enclave-migration-"));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  client = new pg.Client({ connectionString: withDatabaseName(adminUrl, name) });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
});

it("puts every topic made before categories in General, counted", async () => {
  await migrate(drizzle(client), { migrationsFolder: await migrationsBefore() });
  const { rows: [member] } = await client.query<{ id: number }>(`INSERT INTO users (username, password) VALUES ('early_bird', 'x') RETURNING id`);
  await client.query(`INSERT INTO topics (title, created_by) SELECT 'Old topic ' || n, $1 FROM generate_series(1, 3) n`, [member!.id]);

  // The rest as the server migrates: the job queue's schema, then every later migration (some call it).
  await applyMigrations(client);

  const { rows: categories } = await client.query(`SELECT id, name, slug, position, topics_count FROM categories`);
  expect(categories).toEqual([{ id: 1, name: "General", slug: "general", position: 1, topics_count: 3 }]);
  const { rows: topics } = await client.query(`SELECT category_id, tags FROM topics`);
  expect(topics).toEqual(Array(3).fill({ category_id: 1, tags: [] }));
  // A category made after it gets the next id.
  const { rows: [next] } = await client.query(`INSERT INTO categories (name, slug, color, position) VALUES ('Next', 'next', '#000000', 2) RETURNING id`);
  expect(next!.id).toBe(2);
});
