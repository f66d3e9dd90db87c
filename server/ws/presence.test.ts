import { once } from "node:events";
import net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { presenceConnections, presenceProcesses, sessions, users } from "../db/schema";
import { disconnectUser } from "../presence/control";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { PASSWORD, insertMember, readUser } from "../test/fixtures";
import WebSocket from "ws";
import { refusedStatus, startPresenceServer, type PresenceServer, type TestSocket } from "./test-support";

let database: TestDatabase;
const servers: PresenceServer[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.ws.terminate();
  for (const server of servers.splice(0)) await server.close();
});

async function server(options: Parameters<typeof startPresenceServer>[1] = {}) {
  const started = await startPresenceServer(database.url, options);
  servers.push(started);
  return started;
}

/** A new member, signed in on `via`, with one open socket. */
async function member(via: PresenceServer) {
  const user = await insertMember(database.db);
  const cookie = await via.signIn(user.username);
  return { user, cookie, connect: (on: PresenceServer = via) => track(on.connect(cookie)) };
}

async function track(opening: Promise<TestSocket>) {
  const socket = await opening;
  sockets.push(socket);
  return socket;
}

const onlineUsers = (socket: TestSocket) => socket.next((m) => m.type === "online_users");

/**
 * Returns once `watcher` has received every status change announced so far: a new member comes
 * online through `via`, and announcements reach every process in the order they were made.
 */
async function receivedSoFar(via: PresenceServer, watcher: TestSocket) {
  const marker = await member(via);
  await marker.connect();
  await watcher.nextStatus(marker.user.id, true);
}

describe("/ws upgrade", () => {
  it("is refused without a session cookie, with a foreign or missing Origin, and for a banned member", async () => {
    const site = await server();
    const alice = await member(site);

    expect(await refusedStatus(site.connect(undefined))).toBe(401);
    expect(await refusedStatus(site.connect("sid=s%3Aforged.signature"))).toBe(401);
    expect(await refusedStatus(site.connect(alice.cookie, { origin: "https://evil.example" }))).toBe(403);
    expect(await refusedStatus(site.connect(alice.cookie, { origin: null }))).toBe(403);

    // Changes made outside the app reach its session cache through an announcement, within moments.
    await database.db.update(users).set({ isBanned: true, banReason: "spam" }).where(eq(users.id, alice.user.id));
    await vi.waitFor(async () => expect(await refusedStatus(site.connect(alice.cookie))).toBe(403), { timeout: 3_000, interval: 20 });
    expect((await readUser(database.db, alice.user.id)).isOnline).toBe(false);

    // A ban that has run out no longer counts.
    await database.db.update(users).set({ banExpiresAt: new Date(Date.now() - 1000) }).where(eq(users.id, alice.user.id));
    await vi.waitFor(() => alice.connect(), { timeout: 3_000, interval: 20 });
  });

  it("is refused 400 when the request target is not a path (GET http://host/ws)", async () => {
    const site = await server();
    const alice = await member(site);
    const { host } = new URL(site.origin);
    const socket = net.connect(Number(new URL(site.origin).port), "127.0.0.1");
    await once(socket, "connect");
    socket.write(
      [`GET ${site.origin}/ws HTTP/1.1`, `Host: ${host}`, "Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", `Origin: ${site.origin}`, `Cookie: ${alice.cookie}`, "", ""].join("\r\n"),
    );
    const [answer] = (await once(socket, "data")) as [Buffer];
    socket.destroy();
    expect(answer.toString().split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    await alice.connect();
  });

  it("is refused after logout with the old cookie", async () => {
    const site = await server();
    const alice = await member(site);
    await site.signOut(alice.cookie);
    expect(await refusedStatus(site.connect(alice.cookie))).toBe(401);
  });
});

describe("/ws caps", () => {
  it("refuses a member's 11th open socket with 429, and accepts one again once a socket closes", async () => {
    const site = await server();
    const alice = await member(site);
    const open = await Promise.all(Array.from({ length: 10 }, () => alice.connect()));
    const refused = await Promise.all(Array.from({ length: 3 }, () => refusedStatus(site.connect(alice.cookie))));
    expect(refused).toEqual([429, 429, 429]);
    await open[0]!.close();
    await alice.connect();
    // Another member is not affected by alice's sockets.
    await (await member(site)).connect();
  });

  it("counts a member's sockets on every process together, parallel upgrades included", async () => {
    const one = await server();
    const two = await server();
    const alice = await member(one);
    // 14 upgrades at once, alternating between the processes: exactly 10 get through.
    const attempts = await Promise.allSettled(Array.from({ length: 14 }, (_, i) => track((i % 2 ? two : one).connect(alice.cookie))));
    const open = attempts.flatMap((attempt) => (attempt.status === "fulfilled" ? [attempt.value] : []));
    expect(open).toHaveLength(10);
    for (const attempt of attempts) if (attempt.status === "rejected") expect(await refusedStatus(Promise.reject(attempt.reason))).toBe(429);
    expect(await refusedStatus(one.connect(alice.cookie))).toBe(429);
    expect(await refusedStatus(two.connect(alice.cookie))).toBe(429);

    // A socket closed on one process frees a slot on the other.
    const onOne = open.find((socket) => one.endpoint.registry.get(socket.ws) !== undefined) ?? open[0]!;
    await onOne.close();
    await one.hub.settled();
    await alice.connect(two);
  });

  it("frees the slots of a process that died once it is stale", async () => {
    const timing = { heartbeatIntervalMs: 100, staleAfterMs: 800 };
    const one = await server({ timing });
    const doomed = await server({ timing });
    const alice = await member(one);
    for (let i = 0; i < 10; i++) await alice.connect(doomed);
    expect(await refusedStatus(one.connect(alice.cookie))).toBe(429);

    await doomed.kill();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const attempt = await one.connect(alice.cookie).then(
        (socket) => (sockets.push(socket), "open" as const),
        (error: unknown) => error,
      );
      if (attempt === "open") break;
      expect(await refusedStatus(Promise.reject(attempt))).toBe(429);
      if (Date.now() > deadline) throw new Error("the dead process's slots were never freed");
      await one.hub.tick();
    }
  });

  it("refuses upgrades past the per-address limit with 429 and Retry-After, refused ones counted too", async () => {
    const site = await server({ env: { RATE_LIMIT_WS_UPGRADES_PER_MINUTE: "3" } });
    const alice = await member(site);
    expect(await refusedStatus(site.connect(undefined))).toBe(401);
    await alice.connect();
    await alice.connect();
    const refusal = await new Promise<{ status?: number; retryAfter?: string }>((resolve) => {
      const ws = new WebSocket(site.url, { headers: { cookie: alice.cookie }, origin: site.origin });
      ws.on("error", () => {}); // terminating a refused upgrade reports one
      ws.once("unexpected-response", (_req, res) => {
        resolve({ status: res.statusCode, retryAfter: res.headers["retry-after"] });
        ws.terminate();
      });
      ws.once("open", () => resolve({}));
    });
    expect(refusal.status).toBe(429);
    expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
  });

  it("takes the allowed Origin from PUBLIC_URL when set", async () => {
    const site = await server({ env: { PUBLIC_URL: "https://community.example" } });
    const alice = await member(site);
    expect(await refusedStatus(site.connect(alice.cookie))).toBe(403);
    await track(site.connect(alice.cookie, { origin: "https://community.example" }));
  });
});

describe("presence on one process", () => {
  it("lists in online_users a member whose socket opened a moment earlier, before the NOTIFY comes back", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);
    // Holding alice's row keeps her presence write (and so its NOTIFY) waiting; not her upgrade,
    // whose socket count only checks that she exists (a key-share lock).
    const holder = await database.pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE", [alice.user.id]);
      await alice.connect();
      const bobSocket = await bob.connect();
      expect((await onlineUsers(bobSocket)).users).toEqual(expect.arrayContaining([alice.user.id, bob.user.id]));
      await holder.query("COMMIT");
    } finally {
      holder.release();
    }
  });

  it("sends online_users with the member included, and answers authenticate from the session, ignoring a forged userId", async () => {
    const site = await server();
    const alice = await member(site);
    const mallory = await member(site);

    const socket = await mallory.connect();
    expect((await onlineUsers(socket)).users).toContain(mallory.user.id);

    socket.send({ type: "authenticate", userId: alice.user.id, sessionId: "whatever" });
    const answer = await onlineUsers(socket);
    expect(answer.users).toContain(mallory.user.id);
    expect(answer.users).not.toContain(alice.user.id);
    await site.hub.settled();
    expect((await readUser(database.db, alice.user.id)).isOnline).toBe(false);
    expect((await readUser(database.db, mallory.user.id)).isOnline).toBe(true);
    expect(socket.statusChanges(alice.user.id)).toEqual([]);
  });

  it("lets two members see each other come and go, and keeps isOnline and lastSeenAt in users", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);

    const aliceSocket = await alice.connect();
    await onlineUsers(aliceSocket);
    // Everyone — alice included — hears that she came online, once her process recorded it.
    await aliceSocket.nextStatus(alice.user.id, true);
    const before = new Date();
    const bobSocket = await bob.connect();
    const bobsView = await onlineUsers(bobSocket);
    expect(bobsView.users).toEqual(expect.arrayContaining([alice.user.id, bob.user.id]));
    await aliceSocket.nextStatus(bob.user.id, true);
    const online = await readUser(database.db, bob.user.id);
    expect(online.isOnline).toBe(true);
    expect(online.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    await bobSocket.close();
    await aliceSocket.nextStatus(bob.user.id, false);
    const offline = await readUser(database.db, bob.user.id);
    expect(offline.isOnline).toBe(false);
    expect(offline.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(online.lastSeenAt!.getTime());
  });

  it("keeps a member online while one of their two tabs is still open (several tabs count once)", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);
    const aliceSocket = await alice.connect();

    const tab1 = await bob.connect();
    const tab2 = await bob.connect();
    await aliceSocket.nextStatus(bob.user.id, true);
    await tab1.close();
    await site.hub.settled();
    await receivedSoFar(site, aliceSocket);
    expect(aliceSocket.statusChanges(bob.user.id)).toEqual([{ type: "user_status_change", userId: bob.user.id, isOnline: true }]);
    expect((await readUser(database.db, bob.user.id)).isOnline).toBe(true);

    await tab2.close();
    await aliceSocket.nextStatus(bob.user.id, false);
  });

  it("closes only the offending socket on bad JSON, binary data, an unknown message, an oversized message or a flood", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);
    const aliceSocket = await alice.connect();
    const keeper = await bob.connect();
    await aliceSocket.nextStatus(bob.user.id, true);

    const offences: Array<[(socket: TestSocket) => void, number]> = [
      [(s) => s.send("{not json"), 1007],
      [(s) => s.ws.send(Buffer.from([1, 2, 3])), 1003],
      [(s) => s.send({ type: "subscribe", channel: "everything" }), 1008],
      [(s) => s.send("x".repeat(64 * 1024 + 1)), 1009],
      [(s) => { for (let i = 0; i < 30; i++) s.send({ type: "authenticate", userId: bob.user.id }); }, 1008],
    ];
    for (const [offend, code] of offences) {
      const victim = await bob.connect();
      offend(victim);
      expect((await victim.closed).code).toBe(code);
    }

    // The other tab is untouched and still answered; bob never went offline.
    keeper.send({ type: "authenticate", userId: bob.user.id });
    expect((await onlineUsers(keeper)).users).toContain(bob.user.id);
    await site.hub.settled();
    expect(aliceSocket.statusChanges(bob.user.id)).toHaveLength(1);
  });

  it("closes a member's sockets on logout, and on disconnectUser (ban, deletion)", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);
    const carol = await member(site);
    const aliceSocket = await alice.connect();

    const bobSocket = await bob.connect();
    await aliceSocket.nextStatus(bob.user.id, true);
    await site.signOut(bob.cookie);
    expect((await bobSocket.closed).code).toBe(4401);
    await aliceSocket.nextStatus(bob.user.id, false);

    const carolSocket = await carol.connect();
    await aliceSocket.nextStatus(carol.user.id, true);
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ isBanned: true, banReason: "spam" }).where(eq(users.id, carol.user.id));
      await disconnectUser(tx, carol.user.id);
    });
    expect((await carolSocket.closed).code).toBe(4403);
    await aliceSocket.nextStatus(carol.user.id, false);
    expect(await refusedStatus(site.connect(carol.cookie))).toBe(403);
  });

  it("closes the sockets of the sessions a password change ends at once, before anything more reaches them", async () => {
    const site = await server();
    const alice = await member(site);
    const bob = await member(site);
    const otherDevice = await site.signIn(alice.user.username);
    const here = await alice.connect();
    const there = await track(site.connect(otherDevice));
    const send = (cookie: string, method: string, path: string, body: unknown) =>
      fetch(`${site.origin}${path}`, { method, headers: { "Content-Type": "application/json", cookie, origin: site.origin }, body: JSON.stringify(body) });
    const topic = (await (await send(alice.cookie, "POST", "/api/topics", { title: "Mine" })).json()) as { id: number };

    // The whole answer: the session's row is written before its last byte goes out.
    expect(await (await send(alice.cookie, "POST", "/api/auth/confirm", { password: PASSWORD })).json()).toHaveProperty("confirmedUntil");
    expect((await send(alice.cookie, "PATCH", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "Brand-new-123" })).status).toBe(200);
    expect((await send(bob.cookie, "POST", `/api/topics/${topic.id}/posts`, { content: "A reply" })).status).toBe(201);

    // The device that changed it hears of the reply; the other one was closed (not 15 s later, at the heartbeat).
    await here.next((m) => m.type === "notification");
    expect((await there.closed).code).toBe(4401);
    expect(there.messages.filter((m) => m.type === "notification")).toEqual([]);
  });

  it("announces a deleted member offline", async () => {
    const site = await server();
    const alice = await member(site);
    const dave = await member(site);
    const aliceSocket = await alice.connect();
    const daveSocket = await dave.connect();
    await aliceSocket.nextStatus(dave.user.id, true);

    await database.db.transaction(async (tx) => {
      await tx.delete(users).where(eq(users.id, dave.user.id));
      await disconnectUser(tx, dave.user.id);
    });
    expect((await daveSocket.closed).code).toBe(4403);
    await aliceSocket.nextStatus(dave.user.id, false);
  });

  it("closes sockets whose session ended some other way, at the next heartbeat", async () => {
    const site = await server({ timing: { heartbeatIntervalMs: 200 } });
    const alice = await member(site);
    const bob = await member(site);
    const aliceSocket = await alice.connect();
    const bobSocket = await bob.connect();
    await aliceSocket.nextStatus(bob.user.id, true);

    // As `npm run cli -- reset-password` does: the sessions are deleted in the database.
    await database.db.delete(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(bob.user.id)}`);
    expect((await bobSocket.closed).code).toBe(4401);
    await aliceSocket.nextStatus(bob.user.id, false);
  });

  it("drops a connection that stops answering pings", async () => {
    const site = await server({ pingIntervalMs: 150 });
    const alice = await member(site);
    const bob = await member(site);
    const aliceSocket = await alice.connect();
    const silent = await track(site.connect(bob.cookie, { autoPong: false }));
    await aliceSocket.nextStatus(bob.user.id, true);

    await aliceSocket.nextStatus(bob.user.id, false, 2_000);
    expect((await silent.closed).code).toBe(1006);
    // A connection that answers stays: it is still pinged, and pinged again after answering.
    for (let ping = 0; ping < 2; ping++) await once(aliceSocket.ws, "ping");
    expect(aliceSocket.ws.readyState).toBe(aliceSocket.ws.OPEN);
  });
});

describe("presence across server processes", () => {
  it("shares presence between two processes on one database", async () => {
    const one = await server();
    const two = await server();
    const alice = await member(one);
    const bob = await member(two);

    const aliceSocket = await alice.connect(one);
    await aliceSocket.nextStatus(alice.user.id, true);
    const bobSocket = await bob.connect(two);
    expect((await onlineUsers(bobSocket)).users).toEqual(expect.arrayContaining([alice.user.id, bob.user.id]));
    await aliceSocket.nextStatus(bob.user.id, true);

    // The same member on both processes counts once, and stays online while either holds them.
    const aliceOnTwo = await alice.connect(two);
    await two.hub.settled();
    await aliceSocket.close();
    await one.hub.settled();
    await two.hub.settled();
    await receivedSoFar(one, bobSocket);
    expect(bobSocket.statusChanges(alice.user.id)).toEqual([]);
    await aliceOnTwo.close();
    await bobSocket.nextStatus(alice.user.id, false);

    const aliceAgain = await alice.connect(one);
    await bobSocket.nextStatus(alice.user.id, true);
    await bobSocket.close();
    await aliceAgain.nextStatus(bob.user.id, false);
  });

  it("takes offline the members of a process that stopped gracefully", async () => {
    const one = await server();
    const two = await server();
    const alice = await member(one);
    const bob = await member(two);
    const aliceSocket = await alice.connect(one);
    const bobSocket = await bob.connect(two);
    await aliceSocket.nextStatus(bob.user.id, true);

    await two.close();
    expect((await bobSocket.closed).code).toBe(1001);
    await aliceSocket.nextStatus(bob.user.id, false);
    expect(await database.db.select().from(presenceProcesses).where(eq(presenceProcesses.id, two.hub.processId))).toEqual([]);
  });

  it("takes offline the members of a process that died, once its heartbeat is older than the stale timeout", async () => {
    // No heartbeat of its own during the test: the test runs the sweeps.
    const timing = { heartbeatIntervalMs: 3_600_000, staleAfterMs: 60_000 };
    const one = await server({ timing });
    const doomed = await server({ timing });
    const alice = await member(one);
    const bob = await member(doomed);
    const aliceSocket = await alice.connect(one);
    await bob.connect(doomed);
    await aliceSocket.nextStatus(bob.user.id, true);

    await doomed.kill();
    // Its last heartbeat is recent: a sweep leaves its members online.
    await one.hub.tick();
    await receivedSoFar(one, aliceSocket);
    expect(aliceSocket.statusChanges(bob.user.id)).toEqual([{ type: "user_status_change", userId: bob.user.id, isOnline: true }]);
    expect((await readUser(database.db, bob.user.id)).isOnline).toBe(true);

    // As if the stale timeout had passed since.
    await database.db
      .update(presenceProcesses)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${timing.staleAfterMs / 1000 + 1})` })
      .where(eq(presenceProcesses.id, doomed.hub.processId));
    await one.hub.tick();
    await aliceSocket.nextStatus(bob.user.id, false);
    expect((await readUser(database.db, bob.user.id)).isOnline).toBe(false);
    expect(await database.db.select().from(presenceConnections).where(eq(presenceConnections.processId, doomed.hub.processId))).toEqual([]);
  });

  it("keeps working after its LISTEN connection drops", async () => {
    const one = await server();
    const two = await server();
    const alice = await member(one);
    const bob = await member(two);
    const aliceSocket = await alice.connect(one);
    await onlineUsers(aliceSocket);

    await one.hub.dropListenerForTest();
    // A change made while it reconnects is not lost: it reloads and sends the difference.
    const bobSocket = await bob.connect(two);
    await aliceSocket.nextStatus(bob.user.id, true, 5_000);
    await bobSocket.close();
    await aliceSocket.nextStatus(bob.user.id, false, 5_000);
  });
});
