import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import WebSocket from "ws";
import { hashPassword } from "../auth/password";
import { ensureAppRole } from "../db/app-role";
import { createDatabase, type Database, type Db } from "../db/client";
import { findFreePort, openEmbeddedPostgres, type EmbeddedPostgres } from "../db/embedded-postgres";
import { users } from "../db/schema";
import { createLogger } from "../logger";
import { projectRoot } from "../paths";
import { PASSWORD } from "../test/fixtures";
import { startScript, waitForOutput } from "../test/processes";

/**
 * The fault tests' world: a real PostgreSQL that can be restarted on its port, real server processes
 * (server/index.ts, as `npm run dev` runs it) and Debian's nginx. Nothing here is mocked.
 */
export interface FaultDatabase {
  /** The owner (superuser): migrations, and the tests' own checks. */
  ownerUrl: string;
  /** The servers' role, not a superuser. */
  appUrl: string;
  owner: Database;
  /** Stops PostgreSQL (fast shutdown: sessions are cut), waits `downMs`, starts it again on the same port. */
  restart(downMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultDatabase(): Promise<FaultDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-faults-"));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as `postgres`, which must enter the folder
  const logger = createLogger({ level: "warn" });
  const port = await findFreePort();
  const open = () => openEmbeddedPostgres({ dataDir: path.join(dir, "data"), logger, attachToRunning: false, port });
  let server: EmbeddedPostgres = await open();
  const setup = new pg.Client({ connectionString: server.url });
  await setup.connect();
  await ensureAppRole(setup, server.app.role, server.app.password);
  await setup.end();
  // The tests' own pool loses its idle connections at each restart: expected, so not logged.
  const owner = createDatabase(server.url, createLogger({ level: "error" }));
  return {
    ownerUrl: server.url,
    appUrl: server.app.url,
    owner,
    async restart(downMs) {
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = await open();
    },
    async close() {
      await owner.pool.end();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  port: number;
  origin: string;
  child: ChildProcess;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  stop(): Promise<void>;
}

const LISTENING = /listening on http:\/\/localhost:(\d+)/;

/** One real server process on the fault database; `env` adds settings (PORT, PUBLIC_URL, TRUST_PROXY...). */
export async function startServer(database: Pick<FaultDatabase, "appUrl" | "ownerUrl">, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-fault-server-"));
  const child = startScript("server/index.ts", [], {
    DATABASE_URL: database.appUrl,
    MIGRATION_DATABASE_URL: database.ownerUrl,
    DATA_DIR: path.join(dir, "data"),
    UPLOAD_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: "fault-tests-session-secret-long-enough",
    PORT: "0",
    LOG_LEVEL: "info",
    RATE_LIMIT_LOGIN_PER_MINUTE: "100000",
    RATE_LIMIT_API_PER_MINUTE: "1000000",
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    RATE_LIMIT_WS_UPGRADES_PER_MINUTE: "100000",
    ...env,
  });
  // Its log (a line per request) is kept only as a tail, for a failing test's message.
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const port = Number((await waitForOutput(child, LISTENING))[1]);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** scripts/nginx-proxy.sh in front of `ports`, on `listen` (default: a free port). */
export async function startNginx(ports: number[], listen?: number) {
  listen ??= await findFreePort();
  const child = spawn(path.join(projectRoot, "scripts/nginx-proxy.sh"), [String(listen), ...ports.map(String)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitForOutput(child, /nginx listening/, 20_000);
  return {
    origin: `http://127.0.0.1:${listen}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** `count` members with the usual password, inserted as the owner (one bcrypt hash for all). */
/**
 * Members who joined two days ago: past the new-member limits (NEW_MEMBER_HOURS), as the established
 * members a crowd of writers would be. Signs in with PASSWORD.
 */
export async function insertMembers(db: Db, count: number, prefix: string) {
  const password = await hashPassword(PASSWORD, 10);
  const createdAt = new Date(Date.now() - 2 * 24 * 3600_000);
  return db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ username: `${prefix}_${i}`, password, createdAt })))
    .returning({ id: users.id, username: users.username });
}

export interface Answer {
  status: number;
  body: unknown;
}

/** A JSON request with a member's cookie; a connection that fails outright is status 0. */
export async function call(origin: string, method: string, urlPath: string, { cookie, body }: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  try {
    const res = await fetch(origin + urlPath, {
      method,
      headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json", origin }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { status: res.status, body: parsed };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** Signs in through the API; returns the session cookie. */
export async function signIn(origin: string, username: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${await res.text()}`);
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

export interface PresenceSocket {
  userId: number;
  socket: WebSocket;
  messages: Array<{ type: string; userId?: number; isOnline?: boolean; users?: number[] }>;
  closed: boolean;
}

/** A member's /ws through `origin`, resolved once `online_users` arrived. */
export function openPresence(origin: string, userId: number, cookie: string): Promise<PresenceSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers: { cookie }, origin });
    const entry: PresenceSocket = { userId, socket, messages: [], closed: false };
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as PresenceSocket["messages"][number];
      entry.messages.push(message);
      if (message.type === "online_users") resolve(entry);
    });
    socket.on("open", () => socket.send(JSON.stringify({ type: "authenticate", userId })));
    socket.on("close", () => (entry.closed = true));
    socket.on("error", reject);
    socket.on("unexpected-response", (_req, res) => reject(new Error(`/ws refused: ${res.statusCode}`)));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(what: string, timeoutMs: number, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(250);
  }
  return Date.now() - started;
}
