import { once } from "node:events";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import WebSocket from "ws";
import type { WsServerMessage } from "@shared/types/presence";
import { createApp } from "../app";
import { createDatabase } from "../db/client";
import { createLogger } from "../logger";
import { testConfig } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { PASSWORD } from "../test/fixtures";
import { attachWebSocketServer, WS_PATH, type WebSocketOptions } from "./server";

const SESSION_SECRET = "test-session-secret-that-is-long-enough";

export type PresenceServer = Awaited<ReturnType<typeof startPresenceServer>>;

/**
 * One "server process" in the test process: the real app, an HTTP server on an ephemeral port and
 * /ws, with a pool of its own on the given database — so two of them behave like two processes.
 */
export async function startPresenceServer(
  databaseUrl: string,
  { env, ...options }: Pick<WebSocketOptions, "pingIntervalMs" | "timing"> & { env?: Record<string, string> } = {},
) {
  // TEST_LOG_LEVEL=warn shows what a failing test's server logged.
  const logger = createLogger({ level: (process.env.TEST_LOG_LEVEL as "warn" | undefined) ?? "silent" });
  const database = createDatabase(databaseUrl, logger);
  const config = testConfig(path.join(os.tmpdir(), "enclave-ws-test"), env);
  const app = createApp({ config, database, logger, sessionSecret: SESSION_SECRET });
  const httpServer = http.createServer(app.app);
  const endpoint = await attachWebSocketServer(httpServer, app.session, { pool: database.pool, listener: app.listener, config, logger, ...options });
  httpServer.listen(0, "127.0.0.1");
  await once(httpServer, "listening");
  const origin = `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`;
  let stopped = false;

  const stopHttp = async () => {
    httpServer.closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
    await app.close();
    await database.pool.end();
  };

  return {
    origin,
    url: `${origin.replace("http", "ws")}${WS_PATH}`,
    endpoint,
    hub: endpoint.hub,
    pool: database.pool,
    /** The app's mailer and away-mail scheduler. */
    mail: app.mail,
    /** Signs in through the API; returns the session cookie. */
    async signIn(username: string, password = PASSWORD): Promise<string> {
      const res = await fetch(`${origin}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return res.headers.get("set-cookie")!.split(";")[0]!;
    },
    /** An API call as a page of this origin makes it: the session cookie, a JSON body. */
    send(method: string, cookie: string, apiPath: string, body?: unknown): Promise<Response> {
      return fetch(`${origin}${apiPath}`, {
        method,
        headers: { "Content-Type": "application/json", cookie, origin },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    async signOut(cookie: string): Promise<void> {
      const res = await fetch(`${origin}/api/auth/logout`, { method: "POST", headers: { cookie, origin } });
      if (res.status !== 200) throw new Error(`logout failed: ${res.status}`);
    },
    connect(cookie: string | undefined, options: { origin?: string | null; autoPong?: boolean } = {}) {
      return openSocket(this.url, { cookie, origin: options.origin === undefined ? origin : options.origin, autoPong: options.autoPong });
    },
    /** Graceful shutdown, as on SIGTERM. */
    async close() {
      if (stopped) return;
      stopped = true;
      await endpoint.close();
      await stopHttp();
    },
    /** As if the process had been killed: nothing is cleaned up in the database. */
    async kill() {
      if (stopped) return;
      stopped = true;
      await endpoint.abandonForTest();
      await stopHttp();
    },
  };
}

/** What `twoProcesses` starts: a fresh database, two server processes on it, and the sockets a test opened. */
export interface TwoProcesses {
  database: TestDatabase;
  one: PresenceServer;
  two: PresenceServer;
  /** Closed after the block's tests. */
  sockets: TestSocket[];
}

/** Two server processes on one fresh database, started before the calling block's tests and stopped after them. */
export function twoProcesses(): TwoProcesses {
  const world = { sockets: [] as TestSocket[] } as TwoProcesses;
  beforeAll(async () => {
    world.database = await createTestDatabase();
    world.one = await startPresenceServer(world.database.url);
    world.two = await startPresenceServer(world.database.url);
  });
  afterAll(async () => {
    for (const socket of world.sockets) socket.ws.terminate();
    await world.one.close();
    await world.two.close();
    await world.database.drop();
  });
  return world;
}

export class TestSocket {
  readonly messages: WsServerMessage[] = [];
  private cursor = 0;
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on("message", (data) => {
      this.messages.push(JSON.parse(data.toString()) as WsServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** The next message (after the previous match) that satisfies `match`. */
  async next<T extends WsServerMessage>(match: (message: WsServerMessage) => message is T, timeoutMs?: number): Promise<T>;
  async next(match: (message: WsServerMessage) => boolean, timeoutMs?: number): Promise<WsServerMessage>;
  async next(match: (message: WsServerMessage) => boolean, timeoutMs = 5_000): Promise<WsServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const message = this.messages[this.cursor++]!;
        if (match(message)) return message;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  nextStatus(userId: number, isOnline: boolean, timeoutMs?: number) {
    return this.next((m) => m.type === "user_status_change" && m.userId === userId && m.isOnline === isOnline, timeoutMs);
  }

  /** Every status change about `userId` received so far. */
  statusChanges(userId: number) {
    return this.messages.filter((m) => m.type === "user_status_change" && m.userId === userId);
  }

  send(data: unknown) {
    this.ws.send(typeof data === "string" ? data : JSON.stringify(data));
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

/** Opens a socket; resolves once open, or rejects with the HTTP status of a refused upgrade. */
export function openSocket(url: string, { cookie, origin, autoPong = true }: { cookie?: string; origin?: string | null; autoPong?: boolean }): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: cookie ? { cookie } : {}, ...(origin ? { origin } : {}), autoPong });
    const socket = new TestSocket(ws);
    ws.once("open", () => resolve(socket));
    ws.once("unexpected-response", (_req, res) => {
      reject(new RefusedError(res.statusCode ?? 0));
      ws.terminate();
    });
    ws.on("error", (error) => reject(error));
  });
}

export class RefusedError extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with ${status}`);
  }
}

export async function refusedStatus(attempt: Promise<unknown>): Promise<number> {
  try {
    await attempt;
  } catch (error) {
    if (error instanceof RefusedError) return error.status;
    throw error;
  }
  throw new Error("the upgrade was accepted");
}

