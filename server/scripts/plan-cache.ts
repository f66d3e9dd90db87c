/**
 * `npm run check:plans`: whether PostgreSQL keeps one plan for each hot prepared read, or plans it
 * on every call (docs/decisions/019). It depends on the data's statistics, so run it on the seeded
 * database (`npm run seed -- --reset --members 100000 --topics 10000 --posts 1000000`).
 *
 * Each read runs 12 times on a connection of its own, with the values bench:http sends. After its
 * first five runs, PostgreSQL either keeps the statement's generic plan or goes on making custom
 * ones. `pg_prepared_statements` then says which it did. The script exits with 1 if any hot
 * statement is still planned on every call.
 */
import { OPEN_ONLY_SCOPE } from "../policies/category-access";
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
import { findPageReaderParts } from "../queries/page-reader-parts";
import { MemberDirectory } from "../queries/member-directory";
import { findUserByUsername, listMembers } from "../queries/users";

const RUNS = 12;

const logger = createLogger({ level: "warn" });
const server = await openDatabaseServer(loadConfig(), logger, { attachToRunning: true });
const setup = new pg.Pool({ connectionString: server.url, max: 1 });
const setupDb = drizzle(setup, { schema }) as unknown as Db;

try {
  const byPosts = await setupDb.select({ id: topics.id }).from(topics).orderBy(desc(topics.postsCount)).limit(1);
  const [{ id: middleTopic }] = (await setupDb.execute<{ id: number }>(sql`SELECT id FROM topics ORDER BY posts_count, id OFFSET (SELECT count(*) / 2 FROM topics) LIMIT 1`)).rows as [{ id: number }];
  const [reader] = await setupDb.select({ id: users.id, createdAt: users.createdAt, username: users.username }).from(users).orderBy(users.id).limit(1);
  const [card] = await setupDb.select({ username: users.username, id: users.id }).from(bioCards).innerJoin(users, sql`${users.id} = ${bioCards.userId}`).limit(1);
  if (!byPosts[0] || !card || !reader) throw new Error("The database is not seeded: run npm run seed first.");
  const biggestTopic = byPosts[0].id;
  const { totalUsers } = await new MemberDirectory(setupDb).totals();
  const deepPage = Math.ceil(totalUsers / PAGE_SIZE) - 1;
  const owner = (await findUserByUsername(setupDb, card.username))!;

  // Each read as the benchmark sends it: the same values every time, the case where a custom plan
  // looks cheapest. Each runs on a connection of its own, so its statements' counts are its own.
  const reads: [string, (db: Db, directory: MemberDirectory) => Promise<unknown>][] = [
    ["topic posts, biggest topic", (db) => listTopicPosts(db, biggestTopic, { limit: TOPIC_POSTS_PAGE_SIZE })],
    ["topic posts, middle-sized topic", (db) => listTopicPosts(db, middleTopic, { limit: TOPIC_POSTS_PAGE_SIZE })],
    [
      "a topic page's reactions and blocks",
      async (db) => findPageReaderParts(db, reader.id, await listTopicPosts(db, biggestTopic, { limit: TOPIC_POSTS_PAGE_SIZE })),
    ],
    ["topic list", (db) => listTopics(db, reader, { limit: TOPICS_PAGE_SIZE }, OPEN_ONLY_SCOPE)],
    ["topic list below a topic", (db) => listTopics(db, reader, { limit: TOPICS_PAGE_SIZE, after: middleTopic }, OPEN_ONLY_SCOPE)],
    ["members page 1", (db, directory) => listMembers(db, directory, { page: 1, limit: PAGE_SIZE })],
    [`members page ${deepPage}`, (db, directory) => listMembers(db, directory, { page: deepPage, limit: PAGE_SIZE })],
    ["profile", (db) => findUserByUsername(db, reader.username)],
    ["public card", (db) => findPublicCard(db, card.username)],
    ["card links", (db) => listLinksOf(db, card.id)],
    ["badges", (db) => listUserBadges(db, owner)],
  ];
  let replanned = 0;
  console.log("| read | statement | generic plans | custom plans | one plan kept |\n|---|---|---|---|---|");
  for (const [name, read] of reads) {
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    try {
      const db = drizzle(pool, { schema }) as unknown as Db;
      const directory = new MemberDirectory(db);
      for (let run = 0; run < RUNS; run++) await read(db, directory);
      const { rows } = await pool.query<{ name: string; generic_plans: string; custom_plans: string }>(
        "SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name",
      );
      for (const row of rows) {
        // Every statement ran 12 times: past the first five (always custom), a kept plan shows as generic runs.
        const kept = Number(row.generic_plans) > 0;
        if (!kept) replanned++;
        console.log(`| ${name} | ${row.name} | ${row.generic_plans} | ${row.custom_plans} | ${kept ? "✓" : "✗ planned on every call"} |`);
      }
    } finally {
      await pool.end();
    }
  }
  process.exitCode = replanned > 0 ? 1 : 0;
} finally {
  await setup.end();
  await server.stop();
}
