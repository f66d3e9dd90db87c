/**
 * `npm run check:plans`: whether PostgreSQL keeps one plan for each hot prepared read, or plans it
 * on every call (docs/decisions/019). It depends on the data's statistics, so run it on the seeded
 * database (`npm run seed -- --reset --members 100000 --topics 10000 --posts 1000000`).
 *
 * Each read runs 12 times on one connection, with the values the benchmark uses and others. After
 * its first five runs, PostgreSQL either keeps the statement's generic plan or goes on making
 * custom ones. `pg_prepared_statements` then says which it did. The script exits with 1 if any hot
 * statement is still planned on every call.
 */
import { desc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { PAGE_SIZE, TOPICS_PAGE_SIZE, TOPIC_POSTS_PAGE_SIZE } from "@shared/constants";
import { loadConfig } from "../config";
import type { Db } from "../db/client";
import { openDatabaseServer } from "../db/connect";
import * as schema from "../db/schema";
import { bioCards, topics, users } from "../db/schema";
import { createLogger } from "../logger";
import { listUserBadges } from "../queries/badges";
import { findPublicCard, listLinksOf } from "../queries/bio-cards";
import { listTopicPosts, listTopics } from "../queries/forum";
import { MemberDirectory } from "../queries/member-directory";
import { findUserByUsername, listMembers } from "../queries/users";

const RUNS = 12;

const logger = createLogger({ level: "warn" });
const server = await openDatabaseServer(loadConfig(), logger, { attachToRunning: true });
// One connection: prepared statements and their plans belong to it.
const pool = new pg.Pool({ connectionString: server.url, max: 1 });
const db = drizzle(pool, { schema }) as unknown as Db;

try {
  const byPosts = await db.select({ id: topics.id }).from(topics).orderBy(desc(topics.postsCount)).limit(1);
  const [{ id: middleTopic }] = (await db.execute<{ id: number }>(sql`SELECT id FROM topics ORDER BY id OFFSET (SELECT count(*) / 2 FROM topics) LIMIT 1`)).rows as [{ id: number }];
  const readers = await db.select({ id: users.id, createdAt: users.createdAt, username: users.username }).from(users).orderBy(desc(users.id)).limit(RUNS);
  const [card] = await db.select({ username: users.username, id: users.id }).from(bioCards).innerJoin(users, sql`${users.id} = ${bioCards.userId}`).limit(1);
  if (!byPosts[0] || !card || readers.length < RUNS) throw new Error("The database is not seeded: run npm run seed first.");
  const biggestTopic = byPosts[0].id;
  const directory = new MemberDirectory(db);
  const { totalUsers } = await directory.totals();
  const owner = (await findUserByUsername(db, card.username))!;

  // Each read, with the values of its run `n`: alternating between typical cases.
  const reads: [string, (n: number) => Promise<unknown>][] = [
    ["topic posts", (n) => listTopicPosts(db, n % 2 ? biggestTopic : middleTopic, { limit: TOPIC_POSTS_PAGE_SIZE, after: n % 3 ? 0 : n * 1000 })],
    ["topic list", (n) => listTopics(db, readers[n]!, { limit: TOPICS_PAGE_SIZE })],
    ["topic list below a topic", (n) => listTopics(db, readers[n]!, { limit: TOPICS_PAGE_SIZE, after: middleTopic + n })],
    ["members page", (n) => listMembers(db, directory, { page: 1 + Math.floor(((totalUsers / PAGE_SIZE) * n) / RUNS), limit: PAGE_SIZE })],
    ["profile", (n) => findUserByUsername(db, readers[n]!.username)],
    ["public card", () => findPublicCard(db, card.username)],
    ["card links", () => listLinksOf(db, card.id)],
    ["badges", () => listUserBadges(db, owner)],
  ];
  for (const [, read] of reads) for (let n = 0; n < RUNS; n++) await read(n);

  const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
    "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name",
  );
  let replanned = 0;
  console.log("| statement | generic plans | custom plans | one plan kept |\n|---|---|---|---|");
  for (const row of rows) {
    // The first five runs are always custom; a statement run more often that is still making custom plans is re-planned every call.
    const kept = Number(row.generic_plans) > 0 || Number(row.custom_plans) <= 5;
    if (!kept) replanned++;
    console.log(`| ${row.name} | ${row.generic_plans} | ${row.custom_plans} | ${kept ? "✓" : "✗ planned on every call"} |`);
  }
  process.exitCode = replanned > 0 ? 1 : 0;
} finally {
  await pool.end();
  await server.stop();
}
