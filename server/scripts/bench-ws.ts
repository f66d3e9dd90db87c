/**
 * Holds many idle /ws connections on one server process and measures what they cost, on whatever
 * database the settings point at (seed it first with `npm run seed`):
 *
 *   npm run bench:ws -- [--connections 10000] [--members 1000] [--concurrency 200] [--idle-seconds 15]
 *
 * The app runs in this process on an ephemeral loopback port, with presence exactly as in
 * production; the connections are opened by a child process (so each side needs only N file
 * descriptors, and this process's memory counts only the server side). They belong to up to
 * `--members` existing members (several tabs each when there are fewer members than connections),
 * signed in through session rows written for the run and deleted afterwards. One more member then
 * connects and disconnects, and the time until all N connections hear about it is measured.
 *
 * Then `--topic-followers` of the connections (default 2,000) follow one new topic, half of them
 * on a second server process's endpoint (`--processes 2`, the default: a second app on the same
 * database in this process, so both share one core: a conservative setting), a post is written on
 * the first, and the time until every follower has its `post_created` event is measured, from just
 * before the write. Then every follower asks at once for the posts after the one it had (what an open
 * topic page does on that event), and the answers' times and the database's transactions meanwhile
 * are reported.
 *
 * Side effects on the database: those members are online while it runs (other servers on the same
 * database see them), and their `last_seen_at` is updated; the topic and post written stay.
 */
import { fork, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import WebSocket from "ws";

// ---------------------------------------------------------------- the client side (child process)

type ToClient =
  | { type: "open"; urls: string[]; origin: string; members: Array<{ cookie: string; userId: number }>; concurrency: number }
  | { type: "wait-quiet"; quietMs: number }
  | { type: "probe"; cookie: string; userId: number }
  | { type: "follow"; topicId: number; count: number }
  | { type: "watch"; needle: string; count: number }
  | { type: "read"; path: string; count: number }
  | { type: "stop" };

type FromClient =
  | { type: "progress"; open: number }
  | { type: "opened"; open: number; failed: number; firstError?: string; ms: number }
  | { type: "quiet"; messages: number }
  | { type: "probed"; online: Fanout; offline: Fanout }
  | { type: "followed" }
  | { type: "watching" }
  | { type: "watched"; fanout: Fanout }
  | { type: "read"; latency: Fanout; statuses: Record<number, number> };

interface Fanout {
  reached: number;
  allMs: number;
  p50Ms: number;
  p99Ms: number;
}

async function runClient() {
  const sockets: WebSocket[] = [];
  /** Each socket's member and server, as its page would send a request. */
  const senders = new Map<WebSocket, { cookie: string; origin: string }>();
  let target = { url: "", origin: "" };
  let messages = 0;
  let lastMessageAt = performance.now();
  /** While probing: what a socket waits for, and when each one got it. */
  let watching: { needle: string; since: number; of: number; got: Map<WebSocket, number>; done: () => void } | undefined;
  const send = (message: FromClient) => process.send!(message);

  const onMessage = function (this: WebSocket, data: WebSocket.RawData) {
    messages++;
    lastMessageAt = performance.now();
    if (!watching || watching.got.has(this)) return;
    if (data.toString().includes(watching.needle)) {
      watching.got.set(this, performance.now() - watching.since);
      if (watching.got.size === watching.of) watching.done();
    }
  };

  function openOne(url: string, origin: string, { cookie, userId }: { cookie: string; userId: number }): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { headers: { cookie }, origin, perMessageDeflate: false });
      ws.on("message", onMessage);
      ws.once("open", () => {
        // As the browser client does.
        ws.send(JSON.stringify({ type: "authenticate", userId, session: "cookie" }));
        resolve(ws);
      });
      ws.once("unexpected-response", (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
      ws.on("error", reject);
    });
  }

  async function fanout(needle: string, act: () => void, of = sockets.length): Promise<Fanout> {
    const got = new Map<WebSocket, number>();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 60_000);
      watching = { needle, since: performance.now(), of, got, done: () => (clearTimeout(timer), resolve()) };
      act();
    });
    watching = undefined;
    const times = [...got.values()].sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
    return { reached: times.length, allMs: times.at(-1) ?? NaN, p50Ms: at(0.5), p99Ms: at(0.99) };
  }

  process.on("message", async (message: ToClient) => {
    if (message.type === "open") {
      target = { url: message.urls[0]!, origin: message.origin };
      const started = performance.now();
      let next = 0;
      let failed = 0;
      let firstError: string | undefined;
      const worker = async () => {
        while (next < message.members.length) {
          const index = next++;
          const member = message.members[index]!;
          try {
            // Alternating endpoints: the first `count` sockets (follow) are spread over all of them.
            const url = message.urls[index % message.urls.length]!;
            // Each endpoint's own page origin, as a browser on that server would send.
            const pageOrigin = url.replace(/^ws/, "http").replace(/\/ws$/, "");
            const ws = await openOne(url, pageOrigin, member);
            sockets.push(ws);
            senders.set(ws, { cookie: member.cookie, origin: pageOrigin });
          } catch (error) {
            failed++;
            firstError ??= (error as Error).message;
          }
          if (sockets.length > 0 && sockets.length % 1000 === 0) send({ type: "progress", open: sockets.length });
        }
      };
      await Promise.all(Array.from({ length: message.concurrency }, worker));
      send({ type: "opened", open: sockets.length, failed, firstError, ms: performance.now() - started });
    } else if (message.type === "wait-quiet") {
      while (performance.now() - lastMessageAt < message.quietMs) await new Promise((resolve) => setTimeout(resolve, 100));
      send({ type: "quiet", messages });
    } else if (message.type === "probe") {
      const needle = (isOnline: boolean) => `"userId":${message.userId},"isOnline":${isOnline}`;
      let probe: WebSocket | undefined;
      const online = await fanout(needle(true), () => {
        void openOne(target.url, target.origin, message).then((ws) => (probe = ws));
      });
      const offline = await fanout(needle(false), () => probe?.close());
      send({ type: "probed", online, offline });
    } else if (message.type === "follow") {
      // Every other socket, so both endpoints' sockets follow.
      for (const ws of sockets.slice(0, message.count)) ws.send(JSON.stringify({ type: "subscribe", topics: [message.topicId] }));
      send({ type: "followed" });
    } else if (message.type === "watch") {
      const watched = fanout(message.needle, () => send({ type: "watching" }), message.count);
      send({ type: "watched", fanout: await watched });
    } else if (message.type === "read") {
      // Every follower's page asks at once, each with its own session and on its own server.
      const times: number[] = [];
      const statuses: Record<number, number> = {};
      await Promise.all(
        sockets.slice(0, message.count).map(async (ws) => {
          const { cookie, origin } = senders.get(ws)!;
          const started = performance.now();
          const response = await fetch(`${origin}${message.path}`, { headers: { cookie, origin } });
          await response.arrayBuffer();
          times.push(performance.now() - started);
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }),
      );
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
      send({ type: "read", latency: { reached: times.length, allMs: times.at(-1) ?? NaN, p50Ms: at(0.5), p99Ms: at(0.99) }, statuses });
    } else if (message.type === "stop") {
      for (const ws of sockets) ws.terminate();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------- the server side (this process)

async function runServer() {
  const { values: args } = parseArgs({
    options: {
      connections: { type: "string", default: "10000" },
      members: { type: "string", default: "1000" },
      concurrency: { type: "string", default: "200" },
      "idle-seconds": { type: "string", default: "15" },
      "topic-followers": { type: "string", default: "2000" },
      processes: { type: "string", default: "2" },
    },
  });
  const connections = Number(args.connections);
  const wantedMembers = Number(args.members);
  const idleSeconds = Number(args["idle-seconds"]);
  const topicFollowers = Math.min(connections, Number(args["topic-followers"]));
  const processes = Math.max(1, Math.min(2, Number(args.processes)));
  if (!(connections > 0) || !(wantedMembers > 0)) throw new Error("--connections and --members must be positive numbers");

  // Each process holds one descriptor per connection (plus the database, the loader...).
  const needed = connections + 200;
  const limit = openFileLimit();
  if (limit !== undefined && limit < needed) {
    console.error(
      `Error: ${connections} connections need at least ${needed} open files per process, but the limit is ${limit}.\n` +
        `Raise it first (e.g. \`ulimit -n ${Math.max(needed, 20_000)}\`), or run fewer: npm run bench:ws -- --connections ${Math.max(100, limit - 300)}`,
    );
    process.exit(1);
  }

  const { createApp } = await import("../app");
  const { loadConfig } = await import("../config");
  const { createDatabase } = await import("../db/client");
  const { openDatabaseServer } = await import("../db/connect");
  const { applyMigrations, withStartupLock } = await import("../db/migrate");
  const { createLogger } = await import("../logger");
  const { BANNED_NOW_SQL } = await import("../queries/banned-now");
  const { attachWebSocketServer } = await import("../ws/server");
  const { createTopic, createPost } = await import("../commands/forum");
  const { NO_WATCHED_WORDS } = await import("../watched-words/matcher");

  const gc = exposeGc();
  // Every benchmark connection comes from this machine's one address.
  const config = { ...loadConfig(), RATE_LIMIT_WS_UPGRADES_PER_MINUTE: Number.MAX_SAFE_INTEGER, RATE_LIMIT_API_PER_MINUTE: Number.MAX_SAFE_INTEGER };
  const logger = createLogger({ level: "warn" });
  const server = await openDatabaseServer(config, logger, { attachToRunning: true });
  // Quiet about idle connections cut when the database stops at the end (pool.end() does not wait for them).
  const database = createDatabase(server.url, createLogger({ level: "error" }));
  const { pool } = database;
  const secret = randomBytes(32).toString("hex");
  const sessionIds: string[] = [];
  let child: ChildProcess | undefined;
  let stopHttp = async () => {};

  const deadline = setTimeout(() => {
    console.error("Error: the benchmark did not finish within 10 minutes; stopping.");
    child?.kill("SIGKILL");
    process.exit(1);
  }, 10 * 60_000);

  try {
    await withStartupLock(pool, applyMigrations);
    const { rows: members } = await pool.query<{ id: number }>(
      `SELECT id FROM users
       WHERE NOT ${BANNED_NOW_SQL} AND NOT is_online
       ORDER BY id LIMIT $1`,
      [wantedMembers + 1],
    );
    if (members.length < 2) throw new Error("Fewer than 2 members who are not banned or online: seed the database first (npm run seed)");
    const probe = members.pop()!;
    const holders = members;
    console.log(
      `${connections} connections of ${holders.length} members (${(connections / holders.length).toFixed(1)} each), ` +
        `open-file limit ${limit ?? "unknown"}, Node ${process.version}\n`,
    );

    // Sessions exactly like express-session's own rows, and the signed cookies a browser would hold.
    const cookieFor = new Map<number, string>();
    for (const member of [...holders, probe]) {
      const sid = randomBytes(24).toString("base64url");
      sessionIds.push(sid);
      const expires = new Date(Date.now() + 60 * 60 * 1000);
      // Signed in and refreshed just now, as a sign-in stores it: without `refreshedAt` each member's first
      // request would save its session again (the hourly keep-alive), which no real session does at once.
      const now = Date.now();
      const sess = { cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, path: "/", sameSite: "lax" }, passport: { user: member.id }, signedInAt: now, refreshedAt: now };
      await pool.query("INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)", [sid, JSON.stringify(sess), expires]);
      const signature = createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "");
      cookieFor.set(member.id, `sid=${encodeURIComponent(`s:${sid}.${signature}`)}`);
    }
    const tabs = Array.from({ length: connections }, (_, i) => {
      const { id } = holders[i % holders.length]!;
      return { cookie: cookieFor.get(id)!, userId: id };
    });

    // One endpoint per server process (a second one as another process would have it: its own app and listener).
    const endpoints: Array<{ endpoint: Awaited<ReturnType<typeof attachWebSocketServer>>; url: string }> = [];
    const stops: Array<() => Promise<void>> = [];
    for (let n = 0; n < processes; n++) {
      const app = createApp({ config, database, logger: createLogger({ level: "silent" }), sessionSecret: secret });
      const httpServer = http.createServer(app.app);
      const endpoint = await attachWebSocketServer(httpServer, app.session, { pool, listener: app.listener, config, logger });
      httpServer.listen(0, "127.0.0.1");
      await once(httpServer, "listening");
      endpoints.push({ endpoint, url: `ws://127.0.0.1:${(httpServer.address() as { port: number }).port}/ws` });
      stops.push(async () => {
        await endpoint.close();
        httpServer.closeAllConnections();
        await new Promise((resolve) => httpServer.close(resolve));
        await app.close();
      });
    }
    stopHttp = async () => {
      for (const stop of stops.splice(0)) await stop();
    };
    const origin = endpoints[0]!.url.replace("ws:", "http:").replace(/\/ws$/, "");

    child = fork(fileURLToPath(import.meta.url), ["--client"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const ask = <T extends FromClient["type"]>(message: ToClient, answer: T) =>
      new Promise<Extract<FromClient, { type: T }>>((resolve, reject) => {
        const onMessage = (reply: FromClient) => {
          if (reply.type === "progress") return void process.stdout.write(`\r  ${reply.open} open...`);
          if (reply.type !== answer) return;
          child!.off("message", onMessage);
          resolve(reply as Extract<FromClient, { type: T }>);
        };
        child!.on("message", onMessage);
        child!.once("exit", (code) => reject(new Error(`the client process exited (${code})`)));
        child!.send(message);
      });

    gc();
    await sleep(500);
    gc();
    const before = process.memoryUsage();

    const opened = await ask({ type: "open", urls: endpoints.map((each) => each.url), origin, members: tabs, concurrency: Number(args.concurrency) }, "opened");
    process.stdout.write("\r");
    if (opened.failed > 0) throw new Error(`${opened.failed} connections failed (first: ${opened.firstError})`);
    console.log(`Opened ${opened.open} connections in ${(opened.ms / 1000).toFixed(1)} s (${Math.round(opened.open / (opened.ms / 1000))}/s)`);
    for (const each of endpoints) await each.endpoint.hub.settled();
    const quiet = await ask({ type: "wait-quiet", quietMs: 1000 }, "quiet");
    console.log(`Held by the server: ${endpoints.map((each) => each.endpoint.registry.size).join(" + ")}; messages received while they came online: ${quiet.messages}`);

    gc();
    await sleep(500);
    gc();
    const after = process.memoryUsage();
    const perConnection = (bytes: number) => `${(bytes / opened.open / 1024).toFixed(1)} KiB`;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    console.log(
      `Memory (server process, after GC): RSS ${mib(before.rss)} -> ${mib(after.rss)}, +${perConnection(after.rss - before.rss)} per connection; ` +
        `JS heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)}, +${perConnection(after.heapUsed - before.heapUsed)} per connection`,
    );

    const cpuBefore = process.cpuUsage();
    const idleStarted = performance.now();
    await sleep(idleSeconds * 1000);
    const cpu = process.cpuUsage(cpuBefore);
    const idleMs = performance.now() - idleStarted;
    console.log(
      `CPU while idle for ${idleSeconds} s (heartbeat, session re-check and pings included): ` +
        `${(((cpu.user + cpu.system) / 1000 / idleMs) * 100).toFixed(2)}% of one core`,
    );

    const probed = await ask({ type: "probe", cookie: cookieFor.get(probe.id)!, userId: probe.id }, "probed");
    for (const [what, fanout] of [["online", probed.online], ["offline", probed.offline]] as const) {
      console.log(
        `One member going ${what} reached ${fanout.reached}/${opened.open} connections: all in ${fanout.allMs.toFixed(0)} ms ` +
          `(median ${fanout.p50Ms.toFixed(0)} ms, p99 ${fanout.p99Ms.toFixed(0)} ms), measured from the ${what === "online" ? "connect" : "close"} call`,
    );
    }

    if (topicFollowers > 0) {
      const author = holders[0]!.id;
      const { rows: categories } = await pool.query<{ id: number }>("SELECT min(id) AS id FROM categories");
      const topic = await createTopic(database.db, { title: `bench:ws ${new Date().toISOString()}`, description: null, createdBy: author, categoryId: categories[0]!.id, tags: [] }, null, NO_WATCHED_WORDS);
      // The page the followers have open: its one post is what they have loaded.
      const loaded = await createPost(database.db, { topicId: topic.id, authorId: author, content: "The post every follower has read." }, null, NO_WATCHED_WORDS);
      await ask({ type: "follow", topicId: topic.id, count: topicFollowers }, "followed");
      await ask({ type: "wait-quiet", quietMs: 1000 }, "quiet");
      const watched = new Promise<Extract<FromClient, { type: "watched" }>>((resolve) => {
        const onMessage = (reply: FromClient) => {
          if (reply.type === "watching") void createPost(database.db, { topicId: topic.id, authorId: author, content: "One post for many readers." }, null, NO_WATCHED_WORDS);
          if (reply.type !== "watched") return;
          child!.off("message", onMessage);
          resolve(reply);
        };
        child!.on("message", onMessage);
      });
      child.send({ type: "watch", needle: `"topicId":${topic.id},"event":"post_created"`, count: topicFollowers } satisfies ToClient);
      const { fanout } = await watched;
      console.log(
        `One post's event reached ${fanout.reached}/${topicFollowers} sockets following its topic over ${processes} process(es): all in ${fanout.allMs.toFixed(0)} ms ` +
          `(median ${fanout.p50Ms.toFixed(0)} ms, p99 ${fanout.p99Ms.toFixed(0)} ms), measured from just before the write`,
      );

      // What the event sets off: every follower at the end asks for the posts after the one it has.
      const transactions = async () => {
        // The statistics reach pg_stat_database within a second of each transaction's end.
        await sleep(1500);
        const { rows } = await pool.query<{ total: string }>("SELECT sum(xact_commit + xact_rollback)::text AS total FROM pg_stat_database");
        return Number(rows[0]!.total);
      };
      const before = await transactions();
      const read = await ask({ type: "read", path: `/api/topics/${topic.id}/posts?after=${loaded.row.id}`, count: topicFollowers }, "read");
      const during = (await transactions()) - before;
      console.log(
        `Then all ${read.latency.reached} followers' pages asked for the new post at once (${Object.entries(read.statuses).map(([status, n]) => `${n} × ${status}`).join(", ")}): ` +
          `all answered in ${read.latency.allMs.toFixed(0)} ms (median ${read.latency.p50Ms.toFixed(0)} ms, p99 ${read.latency.p99Ms.toFixed(0)} ms); ` +
          `${during} database transactions meanwhile (${(during / read.latency.reached).toFixed(2)} per read: the page is read once per process and kept with what its readers differ by)`,
      );
    }
  } finally {
    clearTimeout(deadline);
    if (child?.connected) child.send({ type: "stop" } satisfies ToClient);
    await stopHttp().catch(() => {});
    if (sessionIds.length > 0) await pool.query("DELETE FROM sessions WHERE sid = ANY($1::text[])", [sessionIds]).catch(() => {});
    await pool.end();
    await server.stop();
  }
}

/** The soft limit on open files (`ulimit -n`), as a child shell inherits it. */
function openFileLimit(): number | undefined {
  try {
    const value = execFileSync("/bin/sh", ["-c", "ulimit -n"], { encoding: "utf8" }).trim();
    return value === "unlimited" ? Infinity : Number(value) || undefined;
  } catch {
    return undefined;
  }
}

function exposeGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.argv.includes("--client")) {
  await runClient();
} else {
  try {
    await runServer();
  } catch (error) {
    console.error(`Error: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
