/**
 * Times the forum's reads on whatever database the settings point at (seed it first with
 * `npm run seed`). For each read: EXPLAIN ANALYZE of the exact query the API runs, the median and
 * 95th percentile of the query alone, and of the HTTP call through the whole app.
 *
 *   npm run bench:forum -- [--runs 200] [--username U --password P]
 *
 * Without --username it signs in as the seeded member with the most posts, with the seed's password.
 */
import { OPEN_ONLY_SCOPE } from "../policies/category-access";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { desc, eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { loadConfig } from "../config";
import { createDatabase } from "../db/client";
import { recordStatements, type Statement } from "./record-statements";
import { openDatabaseServer } from "../db/connect";
import { posts, topics, users } from "../db/schema";
import { createLogger } from "../logger";
import { listTopicPosts, listTopics } from "../queries/forum";
import { searchMembersSql, searchPosts, searchTopicsSql } from "../queries/search";
import { startBenchApp } from "./bench-app";
import { SEEDED_PASSWORD } from "./seed-password";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "200" }, username: { type: "string" }, password: { type: "string" } },
});
const runs = Number(args.runs);

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const server = await openDatabaseServer(config, logger, { attachToRunning: true });
const database = createDatabase(server.url, logger);
const { db } = database;
const recorder = recordStatements(database.pool);

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
}

async function time(run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Raw SQL read the same way as a Drizzle builder: awaitable, and `toSQL()` for EXPLAIN. */
const dialect = new PgDialect();
function rawRead(statement: SQL) {
  return db.execute(statement);
}

/**
 * EXPLAIN ANALYZE of the read among `statements` (what one read sent), with the settings it ran
 * under: a read in a transaction (posts search: `SET LOCAL enable_seqscan = off`) is explained in
 * one, after the same SET statements.
 */
async function explainAsSent(statements: Statement[]) {
  const control = /^\s*(begin|commit|set )/i;
  const read = statements.find((statement) => !control.test(statement.text))!;
  const client = await database.pool.connect();
  try {
    await client.query("BEGIN");
    for (const setting of statements.filter((statement) => /^\s*set /i.test(statement.text))) await client.query(setting.text, setting.values);
    const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${read.text}`, read.values);
    await client.query("ROLLBACK");
    return plan;
  } finally {
    client.release();
  }
}

/**
 * Searches for words of a 1% sample of posts: the commonest, one found in about 1,500 posts and the
 * rarest (each as a member would type it: the word itself), a phrase, a word no post has, and
 * member and topic searches (docs/search.md).
 */
async function searchReads() {
  const sample = sql`SELECT search_vector FROM posts WHERE id % 100 = 0`;
  const word = async (order: SQL) =>
    (await db.execute<{ word: string; ndoc: number }>(sql`SELECT word, ndoc FROM ts_stat(${dialect.sqlToQuery(sample).sql}) WHERE length(word) > 2 ORDER BY ${order}, word LIMIT 1`)).rows[0]!;
  const common = await word(sql`ndoc DESC`);
  const middling = await word(sql`abs(ndoc - 15)`);
  const rare = await word(sql`ndoc`);
  const inPosts = async (q: string) =>
    (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts WHERE search_vector @@ websearch_to_tsquery('english', ${q})`)).rows[0]!.n;
  const phrase = `"anyone know" -zeppelin`;
  const search = (q: string, type = "posts") => `/api/search?type=${type}&q=${encodeURIComponent(q)}`;
  const postsSearch = async (label: string, q: string) => ({
    name: `search posts, ${label} ${JSON.stringify(q)} (in ${await inPosts(q)} posts)`,
    query: () => searchPosts(db, q, OPEN_ONLY_SCOPE),
    path: search(q),
  });
  return [
    await postsSearch("the commonest word", common.word),
    await postsSearch("a word in about 1,500 posts", middling.word),
    await postsSearch("the rarest word", rare.word),
    await postsSearch("a phrase and an exclusion", phrase),
    await postsSearch("a word no post has", "zeppelin"),
    { name: `search topics, "${common.word}"`, query: () => rawRead(searchTopicsSql(common.word, OPEN_ONLY_SCOPE)), path: search(common.word, "topics") },
    { name: 'search members, "ot"', query: () => rawRead(searchMembersSql("ot")), path: search("ot", "members") },
    { name: 'search members, "otter"', query: () => rawRead(searchMembersSql("otter")), path: search("otter", "members") },
  ];
}

/** Who the HTTP timings sign in as: --username, else the busiest poster who is not banned. */
async function benchUsername(): Promise<string> {
  if (args.username) return args.username;
  const [poster] = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`NOT ${users.isBanned}`)
    .orderBy(desc(users.postsCount))
    .limit(1);
  return poster!.username;
}

/** Runs the whole app on an ephemeral port and signs in like a browser would. */
async function startSignedInApp() {
  const { base, stop } = await startBenchApp({ ...config, RATE_LIMIT_API_PER_MINUTE: 1_000_000, RATE_LIMIT_LOGIN_PER_MINUTE: 1_000_000, RATE_LIMIT_SEARCH_PER_MINUTE: 1_000_000 }, database);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: await benchUsername(), password: args.password ?? SEEDED_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Could not sign in for the HTTP timings: ${login.status} ${await login.text()}`);
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  return {
    get: async (path: string) => {
      const res = await fetch(base + path, { headers: { cookie } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    },
    stop,
  };
}

try {
  const count = async (table: typeof users | typeof topics | typeof posts) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  const totals = { members: await count(users), topics: await count(topics), posts: await count(posts) };
  const [biggest] = await db.select({ id: topics.id, postsCount: topics.postsCount }).from(topics).orderBy(desc(topics.postsCount)).limit(1);
  if (!biggest) throw new Error("No topics: seed the database first (npm run seed)");
  // Where the middle pages start (found once with OFFSET; the reads themselves use keysets).
  const middlePost = (
    await db.execute<{ id: number }>(
      sql`SELECT id FROM ${posts} WHERE topic_id = ${biggest.id} ORDER BY id OFFSET ${Math.floor(biggest.postsCount / 2)} LIMIT 1`,
    )
  ).rows[0]!.id;
  const middleTopic = (
    await db.execute<{ id: number }>(
      sql`SELECT id FROM ${topics} ORDER BY is_pinned DESC, coalesce(last_post_at, created_at) DESC, id DESC OFFSET ${Math.floor(totals.topics / 2)} LIMIT 1`,
    )
  ).rows[0]!.id;

  console.log(`Database: ${totals.members} members, ${totals.topics} topics, ${totals.posts} posts; biggest topic #${biggest.id} has ${biggest.postsCount} posts\n`);

  // The topic list carries the signed-in member's unread state: read it as the member the HTTP timings sign in as.
  const [reader] = await db.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.username, await benchUsername()));
  const reads = [
    { name: "topic list, first page", query: () => listTopics(db, reader!, { limit: 50 }, OPEN_ONLY_SCOPE), path: "/api/topics" },
    { name: "topic list, page from the middle", query: () => listTopics(db, reader!, { limit: 50, after: middleTopic }, OPEN_ONLY_SCOPE), path: `/api/topics?after=${middleTopic}` },
    { name: "biggest topic, first page of posts", query: () => listTopicPosts(db, biggest.id, { limit: 100 }), path: `/api/topics/${biggest.id}/posts` },
    {
      name: "biggest topic, page from the middle",
      query: () => listTopicPosts(db, biggest.id, { limit: 100, after: middlePost }),
      path: `/api/topics/${biggest.id}/posts?after=${middlePost}`,
    },
    ...(await searchReads()),
  ];

  const client = await startSignedInApp();
  try {
    for (const read of reads) {
      const plan = await explainAsSent(await recorder.during(() => read.query()));
      const querySamples = await time(() => read.query());
      const httpSamples = await time(() => client.get(read.path));
      console.log(`## ${read.name}\n`);
      console.log(`query: ${stats(querySamples)} · HTTP GET ${read.path}: ${stats(httpSamples)} (${runs} runs)\n`);
      console.log(plan.rows.map((row: Record<string, string>) => "    " + row["QUERY PLAN"]).join("\n") + "\n");
    }
  } finally {
    await client.stop();
  }
} finally {
  await database.pool.end();
  await server.stop();
}
