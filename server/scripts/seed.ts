// Fills the configured database with realistic fake data: `npm run seed -- --help`.
// Same settings as the server (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR, attaching to a
// running dev server's database). Every row is generated in PostgreSQL by set-based statements (then
// posts and comments are rendered by the Markdown backfill, as the server would at start).
import pg from "pg";
import { hashPassword } from "../auth/password";
import { renderStoredMarkdown } from "../commands/render-stored-markdown";
import { ConfigError, loadConfig } from "../config";
import { createDatabase } from "../db/client";
import { openDatabaseServer } from "../db/connect";
import { applyMigrations, withStartupLock } from "../db/migrate";
import { createLogger } from "../logger";
import {
  COUNTER_UPDATES,
  Sql,
  badgesSql,
  bioCardsSql,
  categoriesAndTagsSql,
  commentsSql,
  conversationsSql,
  invitesSql,
  membersSql,
  postPlanSql,
  postsSql,
  sentencesSql,
  textsSql,
  topicPlanSql,
  topicsSql,
  type SeedPlan,
} from "./seed-sql";
import { SEEDED_PASSWORD } from "./seed-password";


const USAGE = `Usage: npm run seed -- [options]

Adds fake members, invites, topics, posts, profile comments, badges, bio cards and private
conversations to the database
the server uses (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR). Existing rows are kept
unless --reset is given. Every seeded member's password is ${SEEDED_PASSWORD}.

Options:
  --members N    members to add (default 200, at least 2)
  --topics N     topics to add (default 40)
  --posts N      posts to add, spread over the new topics (default 3000)
  --comments N   profile comments to add (default 3000)
  --conversations N  private conversations to add (default 100; a few drawn with one member are not)
  --messages N   their messages, at least one each (default 2000)
  --reset        first empty users, invites, topics, posts, profile_comments, user_badges,
                 bio_cards, user_links, uploads, sessions, rate_limits and conversations (ids restart at 1)
  --seed N       repeatable random choices (same data for the same options on an empty database)
  --help         this text

Example: npm run seed -- --reset --members 100000 --topics 10000 --posts 1000000 --conversations 10000 --messages 200000`;

const RESET_TABLES = [
  "users", "invites", "topics", "posts", "profile_comments", "user_badges", "bio_cards", "user_links",
  "uploads", "sessions", "rate_limits", "conversations",
];
const SEEDED_TABLES = ["users", "invites", "topics", "posts", "profile_comments", "user_badges", "bio_cards", "conversations", "conversation_participants", "messages"];

class UsageError extends Error {}
class Interrupted extends Error {}

interface Options {
  members: number;
  topics: number;
  posts: number;
  comments: number;
  conversations: number;
  messages: number;
  reset: boolean;
  seed?: number;
}

const LIMITS: Record<"members" | "topics" | "posts" | "comments" | "conversations" | "messages", number> = {
  members: 10_000_000,
  topics: 1_000_000,
  posts: 100_000_000,
  comments: 10_000_000,
  conversations: 10_000_000,
  messages: 100_000_000,
};

function parseArgs(args: string[]): Options | "help" {
  const options: Options = { members: 200, topics: 40, posts: 3000, comments: 3000, conversations: 100, messages: 2000, reset: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split("=", 2) as [string, string | undefined];
    const value = () => {
      const raw = inline ?? args[++i];
      if (raw === undefined || !/^-?\d+$/.test(raw)) throw new UsageError(`${flag} takes a whole number`);
      return Number(raw);
    };
    switch (flag) {
      case "--help":
      case "-h":
        return "help";
      case "--reset":
        options.reset = true;
        break;
      case "--seed":
        options.seed = value();
        break;
      case "--members":
      case "--topics":
      case "--posts":
      case "--comments":
      case "--conversations":
      case "--messages": {
        const name = flag.slice(2) as keyof typeof LIMITS;
        const n = value();
        if (n < 0 || n > LIMITS[name]) throw new UsageError(`${flag} must be between 0 and ${LIMITS[name].toLocaleString("en-US")}`);
        options[name] = n;
        break;
      }
      default:
        throw new UsageError(`unknown option ${args[i]}`);
    }
  }
  if (options.members < 2) throw new UsageError("--members must be at least 2");
  if (options.posts > 0 && options.topics === 0) throw new UsageError("--posts needs at least one topic (--topics)");
  if (options.messages < options.conversations) throw new UsageError("--messages must be at least --conversations (each begins with one)");
  return options;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** host:port/database, never the password. */
function describe(url: string): string {
  const { hostname, port, pathname } = new URL(url);
  return `${hostname}:${port || 5432}${pathname}`;
}

class Progress {
  private readonly started = performance.now();
  private phaseStarted = performance.now();

  begin(): void {
    this.phaseStarted = performance.now();
  }

  done(phase: string, detail = ""): void {
    const now = performance.now();
    const phaseTime = ((now - this.phaseStarted) / 1000).toFixed(1).padStart(6);
    const total = ((now - this.started) / 1000).toFixed(1).padStart(6);
    console.log(`  ${phase.padEnd(22)} ${phaseTime} s   (at ${total} s)${detail ? "   " + detail : ""}`);
    this.phaseStarted = now;
  }

  get elapsed(): string {
    return ((performance.now() - this.started) / 1000).toFixed(1);
  }
}

let interrupted = false;
let committed = false;
const checkInterrupted = () => {
  if (interrupted) throw new Interrupted("Interrupted: nothing was added");
};

/** Reserves `count` consecutive ids of `table`'s serial column, briefly blocking other writers while it does. */
async function reserveIds(client: pg.PoolClient, table: string, count: number): Promise<number> {
  if (count === 0) return 1;
  await client.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  const { rows } = await client.query<{ first: string }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS first`,
    [table],
  );
  const first = Number(rows[0]!.first);
  if (first + count - 1 > 2_147_483_647) throw new UsageError(`${table} ids would pass the integer limit`);
  await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), $2)`, [table, first + count - 1]);
  return first;
}

async function run(client: pg.PoolClient, text: string, params: unknown[] = []): Promise<number> {
  checkInterrupted();
  const result = await client.query(text, params);
  return result.rowCount ?? 0;
}

async function runAll(client: pg.PoolClient, statements: [string, Sql][]): Promise<void> {
  for (const [text, q] of statements) await run(client, text, q.params);
}

async function seed(client: pg.PoolClient, options: Options, passwordHash: string, progress: Progress) {
  // One session: temporary tables, generous memory for the big sorts and hashes, and no parallel
  // workers, so --seed gives the same rows every time.
  await client.query(`SET work_mem = '256MB'`);
  // Only settable before the session's first temporary table (a pooled session may have had one).
  await client.query(`SET temp_buffers = '256MB'`).catch(() => {});
  await client.query(`SET maintenance_work_mem = '256MB'`);
  await client.query(`SET max_parallel_workers_per_gather = 0`);
  await client.query(`SET jit = off`);
  await client.query(`SET statement_timeout = 0`);
  await client.query(`SET synchronous_commit = off`);
  if (options.seed !== undefined) await client.query(`SELECT setseed($1)`, [(Math.abs(options.seed) % 1_000_000) / 1_000_000]);

  const blocks = async () => ({
    userBase: await reserveIds(client, "users", options.members),
    topicBase: await reserveIds(client, "topics", options.topics),
    postBase: await reserveIds(client, "posts", options.posts),
    conversationBase: await reserveIds(client, "conversations", options.conversations),
    messageBase: await reserveIds(client, "messages", options.messages),
  });

  let reserved: Awaited<ReturnType<typeof blocks>> | undefined;
  if (!options.reset) {
    // Its own short transaction: the id blocks are ours even while the app keeps writing.
    await client.query("BEGIN");
    try {
      reserved = await blocks();
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    }
  }

  await client.query("BEGIN");
  try {
    if (options.reset) {
      await run(client, `TRUNCATE ${RESET_TABLES.join(", ")} RESTART IDENTITY CASCADE`);
      reserved = await blocks();
      progress.done("reset", `emptied ${RESET_TABLES.length} tables`);
    }
    const plan: SeedPlan = {
      ...options,
      ...reserved!,
      texts: Math.min(20_000, Math.max(500, options.posts)),
      sentences: 5000,
    };

    await runAll(client, [...sentencesSql(plan), ...textsSql(plan)]);
    progress.done("text corpus", `${fmt(plan.sentences)} sentences, ${fmt(plan.texts)} post bodies`);

    await runAll(client, [...topicPlanSql(plan), ...postPlanSql(plan)]);
    await run(client, "ANALYZE seed_post_plan");
    progress.done("plan topics & posts");

    const members = membersSql(plan, passwordHash);
    const memberCount = await run(client, members.text, members.params);
    progress.done("members", `${fmt(memberCount)} members`);

    const invites = invitesSql(plan);
    const inviteCount = await run(client, invites.text, invites.params);
    progress.done("invites", `${fmt(inviteCount)} invites`);

    const topicCount = await run(client, topicsSql(plan));
    await runAll(client, categoriesAndTagsSql(plan));
    progress.done("topics", `${fmt(topicCount)} topics, in categories and tagged`);

    const postCount = await run(client, postsSql(plan));
    progress.done("posts", `${fmt(postCount)} posts`);

    const commentCount = await run(client, commentsSql(plan));
    progress.done("profile comments", `${fmt(commentCount)} comments`);

    await runAll(client, conversationsSql(plan));
    const { rows: [made] } = await client.query<{ conversations: number; messages: number }>(
      `SELECT (SELECT count(*) FROM seed_conversation_plan)::int AS conversations, (SELECT count(*) FROM seed_message_plan)::int AS messages`,
    );
    progress.done("private messages", `${fmt(made!.conversations)} conversations, ${fmt(made!.messages)} messages`);

    const badgeCount = await run(client, badgesSql(plan));
    const cards = bioCardsSql(plan);
    const cardCount = await run(client, cards.text, cards.params);
    progress.done("badges & bio cards", `${fmt(badgeCount)} badges, ${fmt(cardCount)} bio cards`);

    const fixedUsers = await run(client, COUNTER_UPDATES.users);
    const fixedTopics = await run(client, COUNTER_UPDATES.topics);
    progress.done("counters", `recomputed for all rows; ${fmt(fixedUsers)} members and ${fmt(fixedTopics)} topics corrected`);

    checkInterrupted();
    await client.query("COMMIT");
    committed = true;
    progress.done("commit");
    return plan;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

async function report(client: pg.PoolClient, plan: SeedPlan) {
  const last = plan.userBase + plan.members - 1;
  const { rows: [totals] } = await client.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM invites) AS invites,
           (SELECT count(*) FROM topics) AS topics, (SELECT count(*) FROM posts) AS posts,
           (SELECT count(*) FROM profile_comments) AS comments, (SELECT count(*) FROM user_badges) AS badges,
           (SELECT count(*) FROM bio_cards) AS bio_cards, (SELECT count(*) FROM conversations) AS conversations,
           (SELECT count(*) FROM messages) AS messages`);
  console.log(
    `Totals now: ${Object.entries(totals!)
      .map(([table, count]) => `${fmt(Number(count))} ${table.replace("_", " ")}`)
      .join(", ")}`,
  );
  const { rows: [who] } = await client.query<Record<string, string | null>>(
    `SELECT (SELECT username FROM users WHERE id = $1) AS admin,
            (SELECT username FROM users WHERE id BETWEEN $1 AND $2 AND NOT is_admin AND NOT is_banned
             ORDER BY posts_count DESC, id LIMIT 1) AS poster,
            (SELECT username FROM users WHERE id BETWEEN $1 AND $2 AND NOT is_admin AND NOT is_banned
             ORDER BY id DESC LIMIT 1) AS newcomer,
            (SELECT username FROM users WHERE id BETWEEN $1 AND $2 AND is_banned AND ban_expires_at IS NULL
             ORDER BY id LIMIT 1) AS banned`,
    [plan.userBase, last],
  );
  console.log(`Seeded members' password: ${SEEDED_PASSWORD}`);
  const lines: [string, string | null | undefined][] = [
    ["administrator", who?.admin],
    ["busiest poster", who?.poster],
    ["newest member", who?.newcomer],
    ["banned member", who?.banned],
  ];
  for (const [label, name] of lines) if (name) console.log(`  ${label.padEnd(15)} ${name}`);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options === "help") {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const logger = createLogger({ level: "warn", pretty: config.NODE_ENV === "development" });
  const progress = new Progress();
  const server = await openDatabaseServer(config, logger, { attachToRunning: true });
  const database = createDatabase(server.url, logger);
  let client: pg.PoolClient | undefined;

  let backendPid: number | undefined;
  const onSignal = () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error("Interrupted: rolling back...");
    if (backendPid !== undefined) {
      // With Ctrl+C the embedded PostgreSQL gets the signal too and may already be going away.
      const canceller = new pg.Client({ connectionString: server.url });
      canceller.on("error", () => {});
      canceller
        .connect()
        .then(() => canceller.query("SELECT pg_cancel_backend($1)", [backendPid]))
        .catch(() => {})
        .finally(() => canceller.end().catch(() => {}));
    }
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    console.log(
      `Seeding ${describe(server.url)} (${options.reset ? "after emptying it" : "adding to what is there"}): ` +
        `${fmt(options.members)} members, ${fmt(options.topics)} topics, ${fmt(options.posts)} posts, ${fmt(options.comments)} comments, ` +
        `${fmt(options.conversations)} conversations, ${fmt(options.messages)} messages`,
    );
    await withStartupLock(database.pool, applyMigrations);
    const passwordHash = await hashPassword(SEEDED_PASSWORD, config.BCRYPT_COST);
    progress.done("connect, migrate, hash");
    client = await database.pool.connect();
    // A lost connection (database stopped, Ctrl+C) fails the running statement, which is reported.
    client.on("error", () => {});
    backendPid = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
    checkInterrupted();
    progress.begin();
    const plan = await seed(client, options, passwordHash, progress);
    // Posts and comments as the server stores them (the server would otherwise render them in the
    // background at start, while a benchmark measures it).
    const rendered = await renderStoredMarkdown(database.db);
    progress.done("render Markdown", `${fmt(rendered)} posts and comments`);

    await run(client, `VACUUM (ANALYZE) ${SEEDED_TABLES.join(", ")}`);
    progress.done("vacuum & analyze");
    console.log(`Done in ${progress.elapsed} s.`);
    await report(client, plan);
  } catch (error) {
    if (interrupted) throw new Interrupted(committed ? "Interrupted after the data was committed" : "Interrupted: nothing was added");
    throw error;
  } finally {
    client?.release();
    await database.pool.end();
    await server.stop();
  }
}

main().catch((error) => {
  const expected = error instanceof ConfigError || error instanceof UsageError || error instanceof Interrupted;
  console.error(expected ? `Error: ${error.message}` : error);
  if (error instanceof UsageError) console.error(`\n${USAGE}`);
  process.exit(error instanceof Interrupted ? 130 : 1);
});
