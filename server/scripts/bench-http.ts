/**
 * `npm run bench:http`: the app's throughput and latency under load, each request measured side by
 * side in the same run with a bare Express + pg server answering the same SQL (bench-bare-server.ts),
 * so the ratio says what the app's own layers cost (docs/product.md "Speed").
 *
 *   npm run bench:http -- [--duration 10] [--rounds 3] [--connections 50] [--only "middle|members"] [--workers 2] [--cpu-prof [--cpu-prof-dir D]] [--as-seeded]
 *
 * Uses the configured database (DATABASE_URL, or the embedded one in DATA_DIR). When it holds fewer
 * than 100,000 members or 10,000 conversations it is first filled with `npm run seed -- --reset
 * --members 100000 --topics 10000 --posts 1000000 --conversations 10000 --messages 200000` (with
 * --as-seeded, the database is measured as it is, to try the benchmark on a small seed). It runs the built app (`npm run build` first when dist/ is missing) as
 * `npm start` would, signs in 50 seeded members, and loads each request with autocannon: one
 * connection per member, each with its own session cookie (the card's "new visitors" rows: signed
 * out, a new address and user agent per request, so every view is counted). Finally the topic pages that `--only`
 * keeps are loaded again, one process and WEB_CONCURRENCY=2 (--workers; 1 skips this) alternately,
 * to show what a second process adds.
 */
import { OPEN_ONLY_SCOPE } from "../policies/category-access";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { desc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { PAGE_SIZE, TOPICS_PAGE_SIZE, TOPIC_POSTS_PAGE_SIZE } from "@shared/constants";
import { loadConfig } from "../config";
import { createDatabase, type Db } from "../db/client";
import { openDatabaseServer } from "../db/connect";
import { applyMigrations, withStartupLock } from "../db/migrate";
import * as schema from "../db/schema";
import { bioCards, categories, tags, topics, users } from "../db/schema";
import { createLogger } from "../logger";
import { projectRoot } from "../paths";
import { listUserBadges } from "../queries/badges";
import { findPublicCard, listLinksOf } from "../queries/bio-cards";
import { countUnreadConversations, isParticipant, listConversations, listMessages } from "../queries/conversations";
import { listTopicPosts, listTopics, type TopicListQuery } from "../queries/forum";
import { MemberDirectory } from "../queries/member-directory";
import { searchPosts } from "../queries/search";
import { findUserByUsername, listMembers } from "../queries/users";
import { summarizeCpuProfiles } from "./cpu-profile-summary";
import { cpuPerRequest, readCpuTime, type CpuPerRequest } from "./cpu-time";
import { SEEDED_PASSWORD } from "./seed-password";
import type { BareRoute } from "./bench-bare-server";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    // Each request is measured this many times, app and bare alternately; the median run is reported.
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    workers: { type: "string", default: "2" },
    // Profiles the single-process app (node --cpu-prof) and prints where its CPU time went.
    "cpu-prof": { type: "boolean", default: false },
    // Where to keep the .cpuprofile files (to open in Chrome DevTools); by default they are removed.
    "cpu-prof-dir": { type: "string" },
    // Measure the database whatever its size (a quick check on a small seed; not figures to publish).
    "as-seeded": { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
const SIZE = { members: 100_000, topics: 10_000, posts: 1_000_000, conversations: 10_000, messages: 200_000 };
/** Found in about half of the seeded posts: the search that ranks the most candidates (docs/search.md). */
const COMMON_WORD = "anyone";

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const dbServer = await openDatabaseServer(config, logger, { attachToRunning: true });
const database = createDatabase(dbServer.url, logger);
const { db } = database;
const children: ChildProcess[] = [];
const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
const profileDir = args["cpu-prof-dir"] ? path.resolve(args["cpu-prof-dir"]) : path.join(scratch, "cpu-profiles");

function cleanUp() {
  for (const child of children) child.kill("SIGTERM");
  rmSync(scratch, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

async function ensureData() {
  await withStartupLock(database.pool, applyMigrations);
  const [{ members, conversations }] = (
    await db.execute<{ members: number; conversations: number }>(sql`SELECT (SELECT count(*)::int FROM users) AS members, (SELECT count(*)::int FROM conversations) AS conversations`)
  ).rows as [{ members: number; conversations: number }];
  // Seeded conversations are between seeded members: both come from one run.
  if (args["as-seeded"] || (members >= SIZE.members && conversations >= SIZE.conversations * 0.99)) return;
  console.log(`The database has ${members} members and ${conversations} conversations; seeding ${SIZE.members} and ${SIZE.conversations} (about two minutes)...`);
  const sizes = Object.entries(SIZE).flatMap(([name, count]) => [`--${name}`, `${count}`]);
  run("npx", ["tsx", "server/scripts/seed.ts", "--reset", ...sizes], { DATABASE_URL: dbServer.url });
}

function ensureBuild() {
  if (existsSync(path.join(projectRoot, "dist/server/index.js")) && existsSync(path.join(projectRoot, "dist/public/index.html"))) return;
  console.log("Building the app (npm run build)...");
  run("npm", ["run", "build"], {});
}

function run(command: string, argv: string[], env: Record<string, string>) {
  const result = spawnSync(command, argv, { cwd: projectRoot, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(" ")} failed`);
}

interface Request {
  name: string;
  /** Path on the app. */
  path: string;
  /** The app's query functions this request runs; their SQL, captured, is what the bare server runs. */
  queries: (db: Db) => Promise<unknown>;
  html?: boolean;
  /** Signed out, every request from a visitor never seen before (its own user agent): each view is counted. */
  newVisitors?: boolean;
  /** Only these members' sessions load it (a conversation answers its participants alone); default all. */
  members?: string[];
  /**
   * Target ratio to the bare figure, which bare figure ("self" or another request's name), and a p99
   * ceiling. The ratios are the third contract's: topic pages 1.2× and the topic
   * list 1.0× and members lists 0.8× of the bare topic page, the card's HTML 1.5× and API 1.0×.
   */
  target?: { ratio: number; of?: string; p99Ms?: number };
}

async function main() {
  const picks = await pickData();
  const requests = ([
    {
      name: "topic page, biggest topic",
      path: `/api/topics/${picks.biggestTopic}/posts`,
      queries: (d) => listTopicPosts(d, picks.biggestTopic, { limit: TOPIC_POSTS_PAGE_SIZE }),
      target: { ratio: 1.2, p99Ms: 150 },
    },
    {
      name: "topic page, middle-sized topic",
      path: `/api/topics/${picks.middleTopic}/posts`,
      queries: (d) => listTopicPosts(d, picks.middleTopic, { limit: TOPIC_POSTS_PAGE_SIZE }),
      target: { ratio: 1.2, p99Ms: 150 },
    },
    {
      name: "topic list",
      path: "/api/topics",
      queries: (d) => listTopics(d, picks.reader, { limit: TOPICS_PAGE_SIZE }, OPEN_ONLY_SCOPE),
      target: { ratio: 1.0, of: "topic page, middle-sized topic", p99Ms: 150 },
    },
    // The filtered lists (docs/forum-lists.md): each held to the plain list's ratio.
    ...topicListVariants(picks).map(({ name, query, search }): Request => ({
      name,
      path: `/api/topics?${search}`,
      queries: (d: Db) => listTopics(d, picks.reader, { limit: TOPICS_PAGE_SIZE, ...query }, OPEN_ONLY_SCOPE),
      target: { ratio: 0.6, p99Ms: 150 },
    })),
    {
      name: "conversation list",
      path: "/api/conversations",
      queries: (d) => Promise.all([listConversations(d, picks.reader.id), countUnreadConversations(d, picks.reader.id)]),
      target: { ratio: 0.6, p99Ms: 150 },
    },
    {
      name: `conversation page, ${picks.conversation.messages} messages`,
      path: `/api/conversations/${picks.conversation.id}/messages`,
      queries: async (d) => {
        await isParticipant(d, picks.conversation.id, picks.conversation.reader);
        await listMessages(d, picks.conversation.id);
      },
      members: picks.conversation.members,
      target: { ratio: 0.6, p99Ms: 150 },
    },
    {
      name: "members list, page 1",
      path: "/api/users?page=1",
      queries: (d) => membersListQueries(d, 1),
      target: { ratio: 0.8, of: "topic page, middle-sized topic" },
    },
    {
      name: `members list, page ${picks.deepPage}`,
      path: `/api/users?page=${picks.deepPage}`,
      queries: (d) => membersListQueries(d, picks.deepPage),
      target: { ratio: 0.8, of: "topic page, middle-sized topic" },
    },
    {
      name: "search posts, a common word",
      path: `/api/search?type=posts&q=${COMMON_WORD}`,
      queries: (d) => searchPosts(d, COMMON_WORD, OPEN_ONLY_SCOPE),
      target: { ratio: 0.6 },
    },
    { name: "profile", path: `/api/users/${picks.cardOwner}`, queries: (d) => findUserByUsername(d, picks.cardOwner) },
    {
      name: "public card API",
      path: `/api/bio/${picks.cardOwner}`,
      queries: (d) => publicCardQueries(d, picks.cardOwner),
      target: { ratio: 1.0 },
    },
    {
      name: "public card HTML",
      path: `/${picks.cardOwner}`,
      queries: (d) => publicCardQueries(d, picks.cardOwner),
      html: true,
      target: { ratio: 1.5 },
    },
    // A card shared widely: every view a new visitor, so every batch of views changes its count.
    {
      name: "public card API, new visitors",
      path: `/api/bio/${picks.cardOwner}`,
      queries: (d) => publicCardQueries(d, picks.cardOwner),
      newVisitors: true,
      target: { ratio: 1.0 },
    },
    {
      name: "public card HTML, new visitors",
      path: `/${picks.cardOwner}`,
      queries: (d) => publicCardQueries(d, picks.cardOwner),
      html: true,
      newVisitors: true,
      target: { ratio: 1.5 },
    },
  ] satisfies Request[]).filter((request: Request) => !args.only || new RegExp(args.only).test(request.name));

  const bareRoutes: BareRoute[] = [];
  // The page the card is embedded in; the bare server sends it as it is, after the same queries.
  const cardHtml = await (await import("node:fs/promises")).readFile(path.join(projectRoot, "dist/public/card.html"), "utf8");
  for (const request of requests) {
    bareRoutes.push({ path: request.path.split("?")[0]!, statements: await capture(request.queries), html: request.html ? cardHtml : undefined });
  }
  // Express routes match paths only; the two members pages differ by query string, so give the bare
  // server's deep page its own path.
  const barePath = (request: Request, index: number) => (request.path.includes("?") ? `/bare/${index}` : request.path.split("?")[0]!);
  bareRoutes.forEach((route, index) => (route.path = barePath(requests[index]!, index)));

  const app = await startApp(1);
  const bare = await startBare(bareRoutes);
  const cookies = await signIn(app.base, picks.members);
  const cookiesFor = (request: Request) => (request.members ? cookies.filter((_, i) => request.members!.includes(picks.members[i]!)) : cookies);
  console.log(
    `Signed in ${cookies.length} members. ${duration} s per measurement, ${rounds} rounds, ${connections} connections, load now: ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`,
  );

  const results: Row[] = [];
  for (const [index, request] of requests.entries()) {
    const appRuns: Measured[] = [];
    const bareRuns: Measured[] = [];
    for (let round = 0; round < rounds; round++) {
      appRuns.push(await load(app, request.path, cookiesFor(request), request.newVisitors));
      // The same requests, cookies included (the bare server ignores them).
      bareRuns.push(await load(bare, barePath(request, index), cookiesFor(request), request.newVisitors));
      console.log(`  ${request.name}: app ${summary(appRuns.at(-1)!)} · bare ${summary(bareRuns.at(-1)!)}`);
    }
    results.push({ request, app: medianRun(appRuns), bare: medianRun(bareRuns) });
  }

  const clusterLines: string[] = [];
  const workers = Number(args.workers);
  // Both topic pages: the biggest one's answer is compressed on the thread pool, the middle one's on the event loop.
  const topicPages = requests.filter((request) => request.name.startsWith("topic page"));
  if (workers > 1 && topicPages.length > 0) {
    const cluster = await startApp(workers);
    const clusterCookies = await signIn(cluster.base, picks.members);
    for (const request of topicPages) {
      // One process and N alternately, like app and bare: the machine's speed drifts between runs.
      const singleRuns: Measured[] = [];
      const clusteredRuns: Measured[] = [];
      for (let round = 0; round < rounds; round++) {
        singleRuns.push(await load(app, request.path, cookies));
        clusteredRuns.push(await load(cluster, request.path, clusterCookies));
        console.log(`  ${request.name}: one process ${summary(singleRuns.at(-1)!)} · ${workers} processes ${summary(clusteredRuns.at(-1)!)}`);
      }
      clusterLines.push(clusterLine(workers, request.name, medianRun(clusteredRuns), medianRun(singleRuns)));
    }
    await stop(cluster.child);
  }
  await stop(app.child);
  if (args["cpu-prof"]) console.log(`\nWhere the app's CPU time went (self time, all of the one-process app's requests above, the topic pages' runs against two processes included):\n${summarizeCpuProfiles(profileDir)}\n`);
  await stop(bare.child);

  console.log(`\n${table(results)}\n`);
  console.log(`${cpuTable(results)}\n`);
  if (clusterLines.length > 0) console.log(`${clusterLines.join("\n")}\n`);
  console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`);
}

/** The forum list's filters, each as GET /api/topics's query string and as listTopics's query. */
function topicListVariants(picks: { category: string; tag: string }) {
  const variants: { name: string; query: Omit<TopicListQuery, "limit"> }[] = [
    { name: `topic list, category ${picks.category}`, query: { category: picks.category } },
    { name: `topic list, tag ${picks.tag}`, query: { tag: picks.tag } },
    { name: "topic list, new", query: { filter: "new" } },
    { name: "topic list, unread", query: { filter: "unread" } },
    { name: "topic list, top of the month", query: { filter: "top", period: "month" } },
    { name: "topic list, top of all time", query: { filter: "top", period: "all" } },
  ];
  return variants.map((variant) => ({ ...variant, search: new URLSearchParams(variant.query as Record<string, string>).toString() }));
}

/** The figures a run is about: the biggest topic, one of median size, a deep members page, a card. */
async function pickData() {
  const [biggest] = await db.select({ id: topics.id }).from(topics).orderBy(desc(topics.postsCount)).limit(1);
  const middle = await db.execute<{ id: number }>(
    sql`SELECT id FROM topics ORDER BY posts_count, id OFFSET (SELECT count(*) / 2 FROM topics) LIMIT 1`,
  );
  const [card] = await db
    .select({ username: users.username })
    .from(bioCards)
    .innerJoin(users, sql`${users.id} = ${bioCards.userId}`)
    .where(sql`${bioCards.isPublic} AND NOT ${users.isBanned}`)
    .orderBy(bioCards.id)
    .limit(1);
  const members = await db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(sql`NOT ${users.isBanned}`)
    .orderBy(users.id)
    .limit(connections);
  const [{ total }] = (await db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM users`)).rows as [{ total: number }];
  const [category] = await db.select({ slug: categories.slug }).from(categories).orderBy(desc(categories.topicsCount)).limit(1);
  const [tag] = await db.select({ name: tags.name }).from(tags).orderBy(desc(tags.topicsCount)).limit(1);
  // The longest conversation of the signed-in members, read by those of them in it.
  const [conversation] = (
    await db.execute<{ id: number; messages: number; members: string[]; reader: number }>(sql`
      SELECT c.id, (SELECT count(*)::int FROM messages m WHERE m.conversation_id = c.id) AS messages,
             array_agg(u.username ORDER BY u.id) AS members, min(u.id) AS reader
      FROM conversations c
      JOIN conversation_participants p ON p.conversation_id = c.id
      JOIN users u ON u.id = p.user_id AND u.username = ANY(${sql.param(members.map((member) => member.username))}::text[])
      GROUP BY c.id ORDER BY messages DESC, c.id LIMIT 1`)
  ).rows;
  if (!biggest || !card || !category || !tag || !conversation) throw new Error("The database has no topics, categories, tags, public bio card or conversation; run npm run seed");
  return {
    biggestTopic: biggest.id,
    middleTopic: middle.rows[0]!.id,
    cardOwner: card.username,
    members: members.map((member) => member.username),
    // The topic list is read as one of them (unread marks depend on the reader).
    reader: members[0]!,
    deepPage: Math.max(1, Math.ceil(total / PAGE_SIZE) - 1),
    category: category.slug,
    tag: tag.name,
    conversation,
  };
}

/** A members page as the app answers it with nothing cached yet: member_blocks read, then the page. */
async function membersListQueries(d: Db, page: number) {
  const directory = new MemberDirectory(d);
  await Promise.all([listMembers(d, directory, { page, limit: PAGE_SIZE }), directory.totals()]);
}

async function publicCardQueries(d: Db, username: string) {
  const found = await findPublicCard(d, username);
  if (!found) throw new Error(`no public card for ${username}`);
  // The view itself is only noted in memory (docs/decisions/035): no statement to replay.
  await Promise.all([listLinksOf(d, found.owner.id), listUserBadges(d, found.owner)]);
}

/** Runs the app's query functions once on a recording connection and returns the SQL they sent. */
async function capture(queries: (d: Db) => Promise<unknown>) {
  const statements: BareRoute["statements"] = [];
  const recording = drizzle(database.pool, { schema, logger: { logQuery: (query, params) => statements.push({ sql: query, params }) } });
  await queries(recording);
  return statements;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (pattern.test(output)) {
        child.stdout!.off("data", onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => reject(new Error(`exited (${code}) before starting:\n${output}`)));
  });
}

/** The Node flags `npm start` gives the server (package.json), so that the app is measured as it runs. */
function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode\s+(.*?)\s*dist\/server\/index\.js/.exec(start);
  if (!flags) throw new Error(`package.json's start script does not run dist/server/index.js with node: ${start}`);
  return flags[1]!.split(/\s+/).filter(Boolean);
}

/** The built app exactly as `npm start` runs it (its Node flags too), its logs (info level) going to /dev/null. */
async function startApp(workers: number) {
  const port = await freePort();
  const profiling = args["cpu-prof"] && workers === 1 ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profiling, ...startFlags(), "dist/server/index.js"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: `${port}`,
      HOST: "127.0.0.1",
      DATABASE_URL: dbServer.url,
      DATA_DIR: scratch,
      UPLOAD_DIR: path.join(scratch, "uploads"),
      SESSION_SECRET: "benchmark-session-secret-of-enough-length",
      WEB_CONCURRENCY: `${workers}`,
      LOG_LEVEL: "info",
      // Every connection comes from 127.0.0.1: lift the per-address limits (still counted).
      RATE_LIMIT_API_PER_MINUTE: "1000000000",
      RATE_LIMIT_LOGIN_PER_MINUTE: "1000000",
      // One member searches for all connections: lift the per-member search limit (still counted).
      RATE_LIMIT_SEARCH_PER_MINUTE: "1000000000",
      // The new visitors' addresses, as a proxy in front would pass them on (X-Forwarded-For).
      TRUST_PROXY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  await waitForLine(child, /is listening on/);
  // With several workers, give the others a moment to listen too.
  if (workers > 1) await new Promise((resolve) => setTimeout(resolve, 3_000));
  return { child, base: `http://127.0.0.1:${port}` };
}

async function startBare(routes: BareRoute[]) {
  const port = await freePort();
  const file = path.join(scratch, "bare-routes.json");
  writeFileSync(file, JSON.stringify({ databaseUrl: dbServer.url, port, routes }));
  const child = spawn(process.execPath, ["--import", "tsx", "server/scripts/bench-bare-server.ts", file], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  await waitForLine(child, /bare server on/);
  return { child, base: `http://127.0.0.1:${port}` };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Signs the members in (a few at a time: bcrypt is deliberately slow) and returns their cookies. */
async function signIn(base: string, usernames: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < usernames.length; i += 5) {
    const batch = await Promise.all(
      usernames.slice(i, i + 5).map(async (username) => {
        const res = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: base },
          body: JSON.stringify({ username, password: SEEDED_PASSWORD }),
        });
        if (!res.ok) throw new Error(`Could not sign in ${username}: ${res.status} ${await res.text()}`);
        return res.headers.get("set-cookie")!.split(";")[0]!;
      }),
    );
    cookies.push(...batch);
  }
  return cookies;
}

/**
 * A result, with the CPU each part of the machine spent per request while it was measured, and the
 * latency of the answers on connections already open (`openConnections`).
 */
type Measured = autocannon.Result & { cpu?: CpuPerRequest; openConnections: { p50: number; p99: number } };

/**
 * A short warm-up, then `duration` seconds of load; each connection keeps one member's cookie.
 *
 * autocannon opens its 50 connections at once when the measured run starts. A server whose event
 * loop is already busy with the first ones takes in the others one every 20-40 ms, so the first
 * request of the last connections waits up to a second before it is read; the bare server and the
 * app alike. In a run of a few thousand requests those ~40 are about 1 %, enough to set its p99
 * (docs/performance.md), so the p50/p99 of the later answers, on connections already open, are
 * reported as well. (After a reconnect, which these servers never cause, the new connection's first
 * answer would count as an open one.)
 */
async function load(server: { child: ChildProcess; base: string }, route: string, cookies: string[], newVisitors = false): Promise<Measured> {
  let next = 0;
  let visitor = 0;
  const onOpenConnections: number[] = [];
  const options = (seconds: number, record: boolean): autocannon.Options => ({
    url: server.base + route,
    connections,
    duration: seconds,
    // Set once per connection: a per-request setupRequest would make autocannon rebuild every
    // request, CPU taken from the servers it measures on this machine.
    setupClient: (client) => {
      client.setHeaders(newVisitors ? { "accept-encoding": "gzip, br" } : { "accept-encoding": "gzip, br", cookie: cookies[next++ % cookies.length]! });
      let answered = 0;
      // autocannon's typings leave out the client's events: (status, bytes, latency in ms).
      if (record) client.on("response" as never, ((_status: number, _bytes: number, ms: number) => answered++ > 0 && onOpenConnections.push(ms)) as never);
    },
    // A new visitor per request costs autocannon a rebuilt request, for these routes only.
    ...(newVisitors && {
      requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...newVisitor(visitor++) } }) }],
    }),
  });
  await autocannon(options(2, false));
  const before = readCpuTime(server.child.pid!);
  const result = await autocannon(options(duration, true));
  const cpu = cpuPerRequest(before, readCpuTime(server.child.pid!), result.requests.total);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return Object.assign(result, { cpu, openConnections: { p50: percentile(onOpenConnections, 0.5), p99: percentile(onOpenConnections, 0.99) } });
}

/** The n-th new visitor: an address of 10.0.0.0/8 and a browser's user agent of its own. */
function newVisitor(n: number) {
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  return { "x-forwarded-for": address, "user-agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 visitor/${n}` };
}

/** The latency at or below which a `share` of the samples fall, in whole ms cut down like autocannon's. */
function percentile(samples: number[], share: number): number {
  const sorted = Float64Array.from(samples).sort();
  return Math.floor(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN);
}

interface Row {
  request: Request;
  app: Measured;
  bare: Measured;
}

/** The run of median throughput, reported whole (its latencies and CPU with it). */
const medianRun = (runs: Measured[]) => [...runs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(runs.length / 2)]!;

const summary = (result: Measured) =>
  `${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (open connections: ${result.openConnections.p50} / ${result.openConnections.p99})`;

/** What N processes gave against one, with how much of the machine each left idle and the CPU a request cost. */
function clusterLine(workers: number, name: string, clustered: Measured, single: Measured): string {
  const usage = (result: Measured) =>
    result.cpu ? `${(result.cpu.machineIdle * 100).toFixed(0)} % idle, ${(result.cpu.server + result.cpu.postgres + result.cpu.loadGenerator).toFixed(2)} CPU ms per request` : "n/a";
  return (
    `WEB_CONCURRENCY=${workers}, ${name}: ${summary(clustered)} = ${(clustered.requests.average / single.requests.average).toFixed(2)}× one process (target ≥ 1.6×); ` +
    `machine ${usage(clustered)} (one process: ${usage(single)})`
  );
}

function table(rows: Row[]): string {
  const lines = [
    "| request | app req/s | app p50 / p99 ms | app p99 ms, open connections | bare req/s | bare p50 / p99 ms | bare p99 ms, open connections | ratio | ratio to bare topic page | target |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  // One yardstick for every row as well: the bare server's middle-sized topic page.
  const topicPage = rows.find((row) => row.request.name === "topic page, middle-sized topic")?.bare;
  for (const { request, app, bare } of rows) {
    const reference = request.target?.of ? rows.find((row) => row.request.name === request.target!.of)?.bare : bare;
    const ratio = app.requests.average / (reference ?? bare).requests.average;
    const mark = (met: boolean) => (met ? "✓" : "✗");
    const p99 = request.target?.p99Ms;
    const target = request.target
      ? `≥ ${request.target.ratio.toFixed(1)}× ${request.target.of ? `bare ${request.target.of}` : "bare"} ${mark(ratio >= request.target.ratio)}` +
        (p99 ? `, p99 < ${p99} ms ${mark(app.latency.p99 < p99)}` : "")
      : "";
    lines.push(
      `| ${request.name} | ${app.requests.average.toFixed(0)} | ${app.latency.p50} / ${app.latency.p99} | ${app.openConnections.p99} | ${bare.requests.average.toFixed(0)} | ${bare.latency.p50} / ${bare.latency.p99} | ${bare.openConnections.p99} | ${ratio.toFixed(2)}× | ${topicPage ? `${(app.requests.average / topicPage.requests.average).toFixed(2)}×` : "n/a"} | ${target} |`,
    );
  }
  return lines.join("\n");
}

/**
 * Where each request's CPU went: the server (of which its main thread), PostgreSQL, and autocannon
 * parsing the answer; and how much of the machine stayed idle. A main thread near 1,000 ms per second
 * with cores idle means the event loop is the limit, not the machine.
 */
function cpuTable(rows: Row[]): string {
  const cell = (cpu: CpuPerRequest | undefined) =>
    cpu
      ? `${cpu.server.toFixed(2)} (${cpu.serverMainThread.toFixed(2)}) / ${cpu.postgres.toFixed(2)} / ${cpu.loadGenerator.toFixed(2)}`
      : "n/a";
  const idle = (cpu: CpuPerRequest | undefined) => (cpu ? `${(cpu.machineIdle * 100).toFixed(0)} %` : "n/a");
  const lines = [
    `CPU ms per request: server (its main thread) / PostgreSQL / load generator, on ${os.cpus().length} cores shared by all three; and the machine's idle share:`,
    "",
    "| request | app | app: machine idle | bare | bare: machine idle |",
    "|---|---|---|---|---|",
    ...rows.map(({ request, app, bare }) => `| ${request.name} | ${cell(app.cpu)} | ${idle(app.cpu)} | ${cell(bare.cpu)} | ${idle(bare.cpu)} |`),
  ];
  return lines.join("\n");
}

try {
  await ensureData();
  ensureBuild();
  await main();
} finally {
  cleanUp();
  await database.pool.end();
  await dbServer.stop();
}
