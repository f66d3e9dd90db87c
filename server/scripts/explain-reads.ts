/**
 * `npm run explain:reads`: the query plans of the profile, invite and admin reads (with `--lists`:
 * the forum's topic lists, categories and tags, docs/forum-lists.md), taken from the
 * real endpoints. It runs the whole app in this process on the configured database (seed it first:
 * `npm run seed -- --reset --members 100000 --topics 10000 --posts 1000000`), records every
 * statement the pg pool receives while one endpoint answers, and prints EXPLAIN (ANALYZE, BUFFERS)
 * of each read with the parameters it was sent. Statements every request runs (session, member,
 * limits) are found first on a request to a path that does not exist, and are labelled, not explained.
 * Writes are listed, never run again. Plans are in docs/plans/profile-and-admin-reads.md.
 *
 *   npm run explain:reads -- [--runs 20] [--username U] [--lists]
 *
 * With --lists the reader is a seeded member who joined half-way through the forum's history; before
 * measuring, they open 500 topics (a read position half-way into each) through the API, so `new` and
 * `unread` have something to find.
 * The profile subject is --username, else the member (not banned) with the most posts. It signs
 * in as the first administrator with the seed's password.
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { asc, desc, eq, sql } from "drizzle-orm";
import { PAGE_SIZE } from "@shared/constants";
import { loadConfig } from "../config";
import { createDatabase } from "../db/client";
import { openDatabaseServer } from "../db/connect";
import { applyMigrations, withStartupLock } from "../db/migrate";
import { categories, posts, profileComments, tags, topics, users } from "../db/schema";
import { createLogger } from "../logger";
import { startBenchApp } from "./bench-app";
import { recordStatements, type Statement } from "./record-statements";
import { SEEDED_PASSWORD } from "./seed-password";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "20" }, username: { type: "string" }, lists: { type: "boolean", default: false } } });
const runs = Number(args.runs);

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const server = await openDatabaseServer(config, logger, { attachToRunning: true });
const database = createDatabase(server.url, logger);
const { db, pool } = database;
const recorder = recordStatements(pool);
const recorded = (run: () => Promise<unknown>) => recorder.during(run);

/** The whole app, its limits out of the way (every request comes from 127.0.0.1). */
function startApp() {
  return startBenchApp(
    { ...config, RATE_LIMIT_API_PER_MINUTE: 1_000_000, RATE_LIMIT_LOGIN_PER_MINUTE: 1_000_000, RATE_LIMIT_WRITES_PER_MINUTE: 1_000_000 },
    database,
  );
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ username, password: SEEDED_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Could not sign in as ${username}: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Who the reads are about: the busiest poster, the most commented-on profile, an admin, the deep page. */
async function pickSubjects() {
  const [subject] = await db
    .select({ id: users.id, username: users.username, postsCount: users.postsCount })
    .from(users)
    .where(args.username ? eq(users.username, args.username) : sql`NOT ${users.isBanned}`)
    .orderBy(desc(users.postsCount))
    .limit(1);
  const [commented] = await db
    .select({ id: profileComments.profileUserId, comments: sql<number>`count(*)::int` })
    .from(profileComments)
    .groupBy(profileComments.profileUserId)
    .orderBy(desc(sql`count(*)`))
    .limit(1);
  const [admin] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.isAdmin} AND NOT ${users.isBanned}`)
    .orderBy(asc(users.id))
    .limit(1);
  const [{ members }] = (await db.execute<{ members: number }>(sql`SELECT count(*)::int AS members FROM users`)).rows as [{ members: number }];
  if (!subject || !admin) throw new Error("No members or no administrator: seed the database first (npm run seed)");
  return { subject, commented, admin, members, deepPage: Math.max(1, Math.ceil(members / PAGE_SIZE) - 1) };
}

/** The lists' reader: a member (not banned) who joined half-way through the forum's history. */
async function pickListReader(): Promise<string> {
  const [reader] = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`NOT ${users.isBanned} AND NOT ${users.isAdmin} AND ${users.createdAt} >= (SELECT min(${topics.createdAt}) + (max(${topics.createdAt}) - min(${topics.createdAt})) / 2 FROM ${topics})`)
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!reader) throw new Error("No member joined after the forum began: seed the database first (npm run seed)");
  return reader.username;
}

/** The profile, invite and admin reads, and the page's heading. */
function profileAndAdminEndpoints(picks: Awaited<ReturnType<typeof pickSubjects>>) {
  const { subject, commented, admin, deepPage, members } = picks;
  const endpoints = [
    { name: "profile", path: `/api/users/${encodeURIComponent(subject.username)}` },
    { name: "activity", path: `/api/users/${subject.id}/activity` },
    { name: "profile comments (busiest poster)", path: `/api/users/${subject.id}/comments` },
    ...(commented && commented.id !== subject.id
      ? [{ name: `profile comments (most commented-on profile, ${commented.comments} comments)`, path: `/api/users/${commented.id}/comments` }]
      : []),
    { name: "badges", path: `/api/users/${subject.id}/badges` },
    { name: "assigned invites (the signed-in administrator's)", path: "/api/invites/assigned" },
    { name: "invites, admin list, page 1", path: "/api/invites" },
    { name: "admin users, page 1", path: "/api/admin/users" },
    { name: `admin users, page ${deepPage}`, path: `/api/admin/users?page=${deepPage}` },
    { name: `admin users, search "ot"`, path: `/api/admin/users?search=ot` },
    { name: "admin actions", path: "/api/admin/actions" },
  ];

  console.log(`# Plans of the profile, invite and admin reads\n`);
  console.log(
    `${members} members. Profile subject: ${subject.username} (#${subject.id}, ${subject.postsCount} posts). Signed in as administrator ${admin.username} (#${admin.id}). ` +
      `HTTP medians over ${runs} requests through the whole app in this process.\n`,
  );
  return endpoints;
}

/**
 * The topic lists (each filter, alone and with a category or tag, first and later pages), the
 * categories and the tag suggestions, as the reader sees them. The reader first opens 500 topics.
 */
async function forumListEndpoints(get: (path: string) => Promise<string>, put: (path: string, body: object) => Promise<void>) {
  const chosen = await db
    .select({ id: topics.id, postsCount: topics.postsCount })
    .from(topics)
    .orderBy(sql`md5(${topics.id}::text)`)
    .limit(500);
  for (const topic of chosen) {
    const [halfWay] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.topicId, topic.id))
      .orderBy(asc(posts.id))
      .offset(Math.floor(topic.postsCount / 2))
      .limit(1);
    await put(`/api/topics/${topic.id}/read`, { postId: halfWay?.id ?? 0 });
  }
  const [big] = await db.select({ slug: categories.slug }).from(categories).orderBy(desc(categories.topicsCount)).limit(1);
  const [small] = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.topicsCount)).limit(1);
  const [common] = await db.select({ name: tags.name }).from(tags).orderBy(desc(tags.topicsCount)).limit(1);
  const [rare] = await db.select({ name: tags.name }).from(tags).where(sql`${tags.topicsCount} > 0`).orderBy(asc(tags.topicsCount)).limit(1);
  if (!big || !small || !common || !rare) throw new Error("No categories or tags: seed the database first (npm run seed)");
  const lastOf = async (path: string) => (JSON.parse(await get(path)) as { id: number }[]).at(-1)!.id;
  const list = "/api/topics";
  const endpoints = [
    { name: "latest (no filter), first page", path: list },
    { name: "latest, second page", path: `${list}?after=${await lastOf(list)}` },
    { name: `category ${big.slug} (the biggest)`, path: `${list}?category=${big.slug}` },
    { name: `category ${small.slug} (the smallest)`, path: `${list}?category=${small.slug}` },
    { name: `category ${small.slug}, second page`, path: `${list}?category=${small.slug}&after=${await lastOf(`${list}?category=${small.slug}`)}` },
    { name: `tag ${common.name} (the most used)`, path: `${list}?tag=${common.name}` },
    { name: `tag ${rare.name} (the least used)`, path: `${list}?tag=${rare.name}` },
    { name: `category ${small.slug} and tag ${common.name}`, path: `${list}?category=${small.slug}&tag=${common.name}` },
    { name: "new", path: `${list}?filter=new` },
    { name: "new, second page", path: `${list}?filter=new&after=${await lastOf(`${list}?filter=new`)}` },
    { name: `new in ${small.slug}`, path: `${list}?filter=new&category=${small.slug}` },
    { name: "unread", path: `${list}?filter=unread` },
    { name: `unread with tag ${rare.name}`, path: `${list}?filter=unread&tag=${rare.name}` },
    ...(["day", "week", "month", "year", "all"] as const).map((period) => ({ name: `top, ${period}`, path: `${list}?filter=top&period=${period}` })),
    { name: "top, month, second page", path: `${list}?filter=top&after=${await lastOf(`${list}?filter=top`)}` },
    { name: "top, all, second page", path: `${list}?filter=top&period=all&after=${await lastOf(`${list}?filter=top&period=all`)}` },
    { name: `top, year, category ${small.slug}`, path: `${list}?filter=top&period=year&category=${small.slug}` },
    { name: `top, all, tag ${common.name}`, path: `${list}?filter=top&period=all&tag=${common.name}` },
    { name: "categories", path: "/api/categories" },
    { name: "tags, most used", path: "/api/tags" },
    { name: `tags starting with "${common.name.slice(0, 2)}"`, path: `/api/tags?q=${common.name.slice(0, 2)}` },
  ];
  const [{ topicCount, postCount }] = (
    await db.execute<{ topicCount: number; postCount: number }>(sql`SELECT (SELECT count(*)::int FROM topics) AS "topicCount", (SELECT count(*)::int FROM posts) AS "postCount"`)
  ).rows as [{ topicCount: number; postCount: number }];
  console.log(`# Plans of the forum's lists, categories and tags\n`);
  console.log(
    `${topicCount} topics, ${postCount} posts. Read as a member who joined half-way through the forum's history and has opened 500 topics. ` +
      `HTTP medians over ${runs} requests through the whole app in this process.\n`,
  );
  return endpoints;
}

/** A statement as one line, parameters in place, for the reader of the plans. */
function inline({ text, values }: Statement): string {
  return text.replace(/\s+/g, " ").trim().replace(/\$(\d+)\b/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value instanceof Date ? value.toISOString() : value)}'`;
  });
}

/** A statement without its literals: the session store writes the time into its SQL. */
const shape = ({ text }: Statement) => text.replace(/\d+/g, "N");

const isRead = (text: string) => /^\s*\(?\s*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);

async function explain(statement: Statement): Promise<string> {
  const client = await pool.connect();
  try {
    // EXPLAIN ANALYZE runs the statement: inside a transaction rolled back, whatever it is.
    await client.query("BEGIN READ ONLY");
    const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
    return plan.rows.map((row) => "    " + row["QUERY PLAN"]).join("\n");
  } finally {
    await client.query("ROLLBACK").catch(() => {});
    client.release();
  }
}

try {
  await withStartupLock(pool, applyMigrations);
  const picks = await pickSubjects();
  const app = await startApp();
  try {
    const cookie = await signIn(app.base, args.lists ? await pickListReader() : picks.admin.username);
    const get = async (path: string) => {
      const res = await fetch(app.base + path, { headers: { cookie } });
      const body = await res.text();
      if (path.startsWith("/api/explain-reads") ? res.status !== 404 : !res.ok) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
      return body;
    };
    const put = async (path: string, body: object) => {
      const res = await fetch(app.base + path, {
        method: "PUT",
        headers: { cookie, "Content-Type": "application/json", Origin: app.base },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`PUT ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    };
    // Twice: the first request after signing in may carry one-off session work.
    await get("/api/explain-reads-not-found");
    const everyRequest = new Set((await recorded(() => get("/api/explain-reads-not-found").then(() => {}))).map(shape));

    const endpoints = args.lists ? await forumListEndpoints(get, put) : profileAndAdminEndpoints(picks);
    for (const endpoint of endpoints) {
      await get(endpoint.path); // warm-up
      const statements = await recorded(() => get(endpoint.path).then(() => {}));
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await get(endpoint.path);
        samples.push(performance.now() - started);
      }
      console.log(`## ${endpoint.name}: GET ${endpoint.path}\n`);
      console.log(`HTTP median ${median(samples).toFixed(1)} ms\n`);
      for (const statement of statements) {
        if (everyRequest.has(shape(statement))) {
          console.log(`- every request (session, member): \`${inline(statement).slice(0, 120)}…\`\n`);
        } else if (!isRead(statement.text)) {
          console.log(`- a write, not explained: \`${inline(statement).slice(0, 160)}\`\n`);
        } else {
          console.log(`### \`${inline(statement).slice(0, 4000)}\`\n`);
          console.log(`${await explain(statement)}\n`);
        }
      }
    }
  } finally {
    await app.stop();
  }
} finally {
  await pool.end();
  await server.stop();
}
