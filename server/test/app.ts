import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createApp, type App } from "../app";
import { loadConfig, type Config } from "../config";
import type { Replica } from "../db/replica";
import { createLogger } from "../logger";
import type { ClientHandle } from "../spa";
import { createTestDatabase, type TestDatabase } from "./database";

const STAND_IN_PAGE = (entry: string) =>
  `<html><head><meta name="public-url" content="%PUBLIC_URL%"><title>%SITE_NAME%</title></head><body><script src="/${entry}.js"></script></body></html>`;

/** The client for API tests: no files, and stand-in pages that name their script (app.js, card.js). */
const standInClient: Pick<ClientHandle, "files" | "templates"> = {
  files: (_req, _res, next) => next(),
  templates: { app: async () => STAND_IN_PAGE("app"), card: async () => STAND_IN_PAGE("card") },
};

export interface TestApp {
  app: ReturnType<typeof createApp>["app"];
  /** The app's one LISTEN connection. */
  listener: App["listener"];
  forumCaches: App["forumCaches"];
  /** Card views and clicks waiting for their batch: `flush()` writes them now. */
  visits: App["visits"];
  /** The mailer (`idle()`: every mail queued and due was attempted), the outbox's sender and the away-mail scheduler (`run(now)` each). */
  mail: App["mail"];
  /** Rendered public cards. */
  cardPages: App["cardPages"];
  /** Where its uploads are kept (UPLOAD_DIR, or the S3_* bucket the test named). */
  storage: App["storage"];
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** Settings for an app under test: files in `dir`, quiet logs, cheap hashing, limits out of the way. */
export function testConfig(dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    BCRYPT_COST: "10",
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(dir, "data"),
    UPLOAD_DIR: path.join(dir, "uploads"),
    // Tests make many requests from one address; the limits themselves are tested with low values.
    RATE_LIMIT_LOGIN_PER_MINUTE: "100000",
    RATE_LIMIT_REGISTER_PER_HOUR: "100000",
    RATE_LIMIT_API_PER_MINUTE: "100000",
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    RATE_LIMIT_DRAFTS_PER_MINUTE: "100000",
    RATE_LIMIT_UPLOADS_PER_MINUTE: "100000",
    RATE_LIMIT_SEARCH_PER_MINUTE: "100000",
    RATE_LIMIT_REACTIONS_PER_MINUTE: "100000",
    RATE_LIMIT_MESSAGES_PER_MINUTE: "100000",
    RATE_LIMIT_CONVERSATIONS_PER_HOUR: "100000",
    RATE_LIMIT_WS_UPGRADES_PER_MINUTE: "100000",
    RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: "100000",
    // Members made by tests are minutes old; the new-member limit is tested on its own (new-members.test.ts).
    NEW_MEMBER_HOURS: "0",
    ...env,
  });
}

/** The real application, its pages included, on its own fresh database (or `database`), for supertest. */
export async function createTestApp(env: Record<string, string> = {}, options: { database?: TestDatabase; replica?: Replica } = {}): Promise<TestApp> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-app-"));
  const config = testConfig(dir, env);
  const database = options.database ?? (await createTestDatabase());
  const { app, listener, forumCaches, visits, mail, cardPages, storage, close } = createApp({
    config,
    database,
    // TEST_LOG_LEVEL=error shows what a failing test's server logged.
    logger: createLogger({ level: (process.env.TEST_LOG_LEVEL as "error" | undefined) ?? "silent" }),
    sessionSecret: "test-session-secret-that-is-long-enough",
    replica: options.replica,
    client: standInClient,
  });
  return {
    app,
    listener,
    forumCaches,
    visits,
    mail,
    cardPages,
    storage,
    database,
    config,
    async close() {
      await close();
      if (!options.database) await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface TestAppWithElsewhere extends TestApp {
  /** A connection of its own to the app's database: another server process, the CLI or psql. */
  elsewhere: pg.Pool;
}

/** The app, and a second connection that changes the database behind its back (its caches must see it). */
export async function createTestAppWithElsewhere(env: Record<string, string> = {}): Promise<TestAppWithElsewhere> {
  const t = await createTestApp(env);
  const elsewhere = new pg.Pool({ connectionString: t.database.url, max: 1 });
  return {
    ...t,
    elsewhere,
    async close() {
      await elsewhere.end();
      await t.close();
    },
  };
}
