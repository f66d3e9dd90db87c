import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { RequestHandler, Response } from "express";
import type pg from "pg";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import { wsClientMessageSchema, type WsClientMessage } from "@shared/schemas/presence";
import { WS_MAX_FOLLOWED_TOPICS } from "@shared/constants";
import type { WsErrorMessage } from "@shared/types/presence";
import type { Config } from "../config";
import type { Listener } from "../db/listener";
import type { Logger } from "../logger";
import { isSiteOrigin } from "../site-origin";
import { isPathTarget } from "../request-target";
import { memberStanding } from "../presence/store";
import { ConnectionRegistry, type Connection } from "./connections";
import { NotificationRelay } from "./notification-relay";
import { MessageRelay } from "./message-relay";
import { ReviewRelay } from "./review-relay";
import { TopicFollows } from "./topic-follows";
import { TopicRelay } from "./topic-relay";
import { PresenceHub, type PresenceTiming } from "./presence-hub";
import { clientAddress, createUpgradeCounter } from "./upgrade-limits";

export const WS_PATH = "/ws";
const MAX_PAYLOAD_BYTES = 64 * 1024;
const TOPIC_NOT_FOLLOWED = "Topic not found";
const TOO_MANY_TOPICS = `A connection follows at most ${WS_MAX_FOLLOWED_TOPICS} topics at once`;
/** More messages than this within FLOOD_WINDOW_MS closes the socket (the client sends one). */
const FLOOD_LIMIT = 20;
const FLOOD_WINDOW_MS = 10_000;
/** Sockets that have not answered the closing handshake by then are cut at shutdown. */
const SHUTDOWN_GRACE_MS = 1_000;

type SessionRequest = IncomingMessage & { session?: { passport?: { user?: number } }; sessionID?: string };

export interface WebSocketOptions {
  pool: pg.Pool;
  /** The process's shared LISTEN connection (the app's). */
  listener: Listener;
  config: Pick<Config, "PUBLIC_URL" | "TRUST_PROXY" | "WS_MAX_SOCKETS_PER_MEMBER" | "RATE_LIMIT_WS_UPGRADES_PER_MINUTE">;
  logger: Logger;
  /** Ping every this often; a connection that missed the previous ping is dropped (so within 2x). */
  pingIntervalMs?: number;
  timing?: Partial<PresenceTiming>;
}

export interface WebSocketEndpoint {
  wss: WebSocketServer;
  hub: PresenceHub;
  registry: ConnectionRegistry;
  close(): Promise<void>;
  /** Stops as if the process had been killed (tests): sockets cut, nothing cleaned up in the database. */
  abandonForTest(): Promise<void>;
}

/**
 * The /ws endpoint. An upgrade is accepted only from the site's own pages (Origin check) and with a
 * signed-in session of a member who is not banned; anything else is refused before a socket
 * exists, as is one past the caps of docs/product.md "Abuse limits" (open sockets per member on all
 * processes together, upgrades per address per minute on this one). Other upgrade paths (Vite's hot reload in development) are left to their own handlers.
 * Presence is shared with the other server processes through PostgreSQL (presence-hub.ts).
 */
export async function attachWebSocketServer(
  httpServer: Server,
  session: RequestHandler,
  { pool, listener, config, logger, pingIntervalMs = 30_000, timing }: WebSocketOptions,
): Promise<WebSocketEndpoint> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, clientTracking: false, perMessageDeflate: false });
  const registry = new ConnectionRegistry();
  const hub = new PresenceHub({ pool, logger, registry, listener, timing });
  await hub.start();
  const relay = new NotificationRelay(pool, listener, registry, logger);
  const messageRelay = new MessageRelay(pool, listener, registry, logger);
  const reviewRelay = new ReviewRelay(pool, listener, registry, logger);
  const follows = new TopicFollows();
  const pendingFollows = new WeakMap<WebSocket, Promise<void>>();
  const topicRelay = new TopicRelay(pool, listener, registry, follows, logger);
  try {
    await relay.start();
    await messageRelay.start();
    await reviewRelay.start();
    await topicRelay.start();
  } catch (error) {
    await topicRelay.close();
    await reviewRelay.close();
    await messageRelay.close();
    await relay.close();
    await hub.close();
    throw error;
  }
  let closing = false;

  // At most this many upgrades look up their session and claim a slot at once, so a burst (every client reconnecting
  // after a restart) queues here instead of starving the pool that HTTP requests and presence share.
  const identifying = createGate(Math.max(1, Math.floor((pool.options.max ?? 10) / 2)));

  /** The member behind an upgrade, or the status to refuse it with. */
  async function identify(req: SessionRequest): Promise<{ userId: number; sessionId: string } | { status: 401 | 403 | 503 }> {
    try {
      await new Promise<void>((resolve, reject) => session(req as never, {} as Response, (error?: unknown) => (error ? reject(error) : resolve())));
      const userId = req.session?.passport?.user;
      const sessionId = req.sessionID;
      if (typeof userId !== "number" || !sessionId) return { status: 401 };
      const standing = await memberStanding(pool, userId);
      if (standing === undefined) return { status: 401 };
      // Banned members are never announced online.
      if (standing === "banned") return { status: 403 };
      return { userId, sessionId };
    } catch {
      return { status: 503 };
    }
  }

  const upgrades = createUpgradeCounter(config.RATE_LIMIT_WS_UPGRADES_PER_MINUTE);

  const onUpgrade = (req: SessionRequest, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== WS_PATH) return;
    socket.on("error", () => socket.destroy());
    // As every HTTP request (app.ts): `GET http://host/ws` is refused, not read as /ws.
    if (!isPathTarget(req.url)) return refuse(socket, 400);
    if (closing) return refuse(socket, 503);
    const waitSeconds = upgrades.take(clientAddress(req, config.TRUST_PROXY));
    if (waitSeconds !== undefined) return refuse(socket, 429, waitSeconds);
    if (!req.headers.origin || !isSiteOrigin(config, req, req.headers.origin)) return refuse(socket, 403);
    void identifying
      .run(async () => {
        if (socket.destroyed) return { status: 503 as const };
        const member = await identify(req);
        if ("status" in member) return member;
        // The cap counts the member's sockets on every process, under a per-member lock in PostgreSQL.
        const claim = await hub.claimSocket(member.userId, config.WS_MAX_SOCKETS_PER_MEMBER);
        if (claim === "ok") return member;
        return { status: claim === "full" ? (429 as const) : (503 as const) };
      })
      .then((result) => {
        if ("status" in result) return refuse(socket, result.status, result.status === 429 ? 60 : undefined);
        if (closing || socket.destroyed) {
          hub.abandonClaim(result.userId);
          return refuse(socket, 503);
        }
        let upgraded = false;
        // Synchronous without verifyClient: the callback has run by the time it returns, or never will.
        wss.handleUpgrade(req, socket, head, (ws) => {
          upgraded = true;
          opened(ws, result.userId, result.sessionId);
        });
        // ws answered a bad handshake itself, or the client had gone.
        if (!upgraded) hub.abandonClaim(result.userId);
      });
  };
  httpServer.on("upgrade", onUpgrade);

  function opened(ws: WebSocket, userId: number, sessionId: string) {
    const connection: Connection = { userId, sessionId, alive: true, messages: 0, windowStartedAt: Date.now() };
    // Its claimed slot becomes the socket (the count the database holds stays the same).
    registry.release(userId);
    const first = registry.add(ws, connection);
    ws.on("message", onMessage);
    ws.on("pong", onPong);
    ws.on("close", onClose);
    ws.on("error", onError);
    ws.send(hub.onlineUsersMessage(userId));
    if (first) hub.memberChanged(userId);
  }

  // Shared handlers (`this` is the socket): no closures per connection.
  function onMessage(this: WebSocket, data: RawData, isBinary: boolean) {
    const connection = registry.get(this);
    if (!connection) return;
    const now = Date.now();
    if (now - connection.windowStartedAt > FLOOD_WINDOW_MS) {
      connection.windowStartedAt = now;
      connection.messages = 0;
    }
    if (++connection.messages > FLOOD_LIMIT) return this.close(1008, "Too many messages");
    if (isBinary) return this.close(1003, "Text messages only");
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return this.close(1007, "Invalid JSON");
    }
    const message = wsClientMessageSchema.safeParse(parsed);
    if (!message.success) return this.close(1008, "Unsupported message");
    handleInOrder(this, connection, message.data);
  }

  /**
   * A subscription asks the database which topics the member may read: the messages after it wait
   * for it, so each socket's messages are still handled in order.
   */
  function handleInOrder(socket: WebSocket, connection: Connection, request: WsClientMessage) {
    const pending = pendingFollows.get(socket);
    if (pending === undefined && request.type !== "subscribe") return void handleRequest(socket, connection, request);
    const next = (pending ?? Promise.resolve()).then(() => handleRequest(socket, connection, request));
    pendingFollows.set(socket, next);
    void next.finally(() => {
      if (pendingFollows.get(socket) === next) pendingFollows.delete(socket);
    });
  }

  async function handleRequest(socket: WebSocket, connection: Connection, request: WsClientMessage): Promise<void> {
    if (request.type === "subscribe") {
      await followTopics(socket, connection.userId, request.topics);
    } else if (request.type === "unsubscribe") {
      follows.unfollow(socket, request.topics);
    } else if (request.type === "typing") {
      void topicRelay.typing(socket, connection.userId, request.topicId);
    } else {
      // authenticate: answered from the session; a differing userId in it is ignored.
      if (request.userId !== connection.userId) {
        logger.debug({ userId: connection.userId, claimed: request.userId }, "WebSocket authenticate with another user id ignored");
      }
      socket.send(hub.onlineUsersMessage(connection.userId));
    }
  }

  async function followTopics(socket: WebSocket, userId: number, topics: number[] | "list") {
    try {
      const { withinLimit, refused } = await topicRelay.subscribe(socket, userId, topics);
      if (!withinLimit) socket.send(JSON.stringify({ type: "error", message: TOO_MANY_TOPICS } satisfies WsErrorMessage));
      // A topic the member may not read is refused as one that does not exist (docs/decisions/063).
      if (refused.length > 0) socket.send(JSON.stringify({ type: "error", message: TOPIC_NOT_FOLLOWED } satisfies WsErrorMessage));
    } catch (error) {
      logger.warn({ error: (error as Error).message }, "Could not follow topics");
    }
  }

  function onPong(this: WebSocket) {
    const connection = registry.get(this);
    if (connection) connection.alive = true;
  }

  function onClose(this: WebSocket) {
    const connection = registry.get(this);
    if (!connection) return;
    registry.remove(this);
    follows.drop(this);
    // Every close is written, not only a member's last: the cap counts sockets on every process.
    hub.memberChanged(connection.userId);
  }

  function onError(this: WebSocket) {
    // ws closes the socket itself (e.g. 1009 for a message over maxPayload); the close event follows.
  }

  // A connection that did not answer the previous ping is dead: dropped within two intervals.
  const pinger = setInterval(() => {
    for (const [ws, connection] of registry.entries()) {
      if (!connection.alive) {
        ws.terminate();
        continue;
      }
      connection.alive = false;
      ws.ping();
    }
  }, pingIntervalMs);
  pinger.unref();

  async function closeSockets() {
    const sockets = [...registry.sockets()];
    for (const ws of sockets) ws.close(1001, "Server shutting down");
    await Promise.race([
      Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => ws.once("close", resolve))))),
      new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref()),
    ]);
    for (const ws of registry.sockets()) ws.terminate();
  }

  function stopAccepting() {
    closing = true;
    clearInterval(pinger);
    httpServer.off("upgrade", onUpgrade);
  }

  return {
    wss,
    hub,
    registry,
    async close() {
      stopAccepting();
      await topicRelay.close();
      await reviewRelay.close();
      await messageRelay.close();
      await relay.close();
      await hub.close();
      await closeSockets();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    async abandonForTest() {
      stopAccepting();
      await topicRelay.close();
      await reviewRelay.close();
      await messageRelay.close();
      await relay.close();
      await hub.abandonForTest();
      for (const ws of [...registry.sockets()]) ws.terminate();
    },
  };
}

const STATUS_TEXT = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 429: "Too Many Requests", 503: "Service Unavailable" } as const;

function refuse(socket: Duplex, status: keyof typeof STATUS_TEXT, retryAfterSeconds?: number) {
  if (socket.destroyed) return;
  const retryAfter = retryAfterSeconds === undefined ? "" : `Retry-After: ${retryAfterSeconds}\r\n`;
  socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nConnection: close\r\n${retryAfter}Content-Length: 0\r\n\r\n`);
}

/** Runs at most `limit` tasks at once; the others wait their turn (no timeout). */
function createGate(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve)); // the finishing task hands over its slot
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}
