import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv } from "node:crypto";
import http from "node:http";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PushKey, PushPayload } from "@shared/types";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "@shared/constants";
import { TASKS } from "../jobs/tasks";
import { jobsSettled, queuedJobs } from "../test/jobs";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember } from "../test/fixtures";
import { startPresenceServer, type PresenceServer } from "../ws/test-support";
import {
  ENDPOINT_NOT_HTTPS,
  ENDPOINT_NOT_PUBLIC,
  parsePushAllowHosts,
  pinnedLookup,
} from "./push-endpoint";

/** A push as the push service received it. */
interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1 (listed in PUSH_ALLOW_HOSTS): records every push and answers
 * `status` (201 unless a test changes it); `held` keeps the answer back until released.
 */
async function startPushService() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let status = 201;
  let held: Promise<void> | undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      for (const wake of waiters.splice(0)) wake();
      await held;
      res.writeHead(status).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    received,
    setStatus: (value: number) => (status = value),
    hold() {
      let release!: () => void;
      held = new Promise((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    /** Resolves once `count` pushes in all have arrived (5 s at most). */
    async until(count: number): Promise<void> {
      const deadline = Date.now() + 5_000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} pushes arrived`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 200))]);
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A browser's side of a subscription: a P-256 key pair and an auth secret, as PushManager.subscribe makes them. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  };
}

/** Decrypts an aes128gcm push body (RFC 8188 record, RFC 8291 keys) as the browser would. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): PushPayload {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString("utf8")) as PushPayload;
}

/** The VAPID Authorization header's token, checked against the site's public key (RFC 8292); answers its claims. */
function vapidClaims(header: string | undefined, publicKey: string): { aud: string; sub: string; exp: number } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? "");
  expect(match?.[2]).toBe(publicKey);
  const [head, claims, signature] = match![1]!.split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
    format: "jwk",
  });
  expect(verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))).toBe(true);
  return JSON.parse(Buffer.from(claims, "base64url").toString("utf8"));
}

describe("web push", () => {
  let database: TestDatabase;
  let one: PresenceServer;
  let two: PresenceServer;
  let service: Awaited<ReturnType<typeof startPushService>>;
  let serial = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    service = await startPushService();
    const env = { PUSH_ALLOW_HOSTS: "127.0.0.1" };
    [one, two] = [await startPresenceServer(database.url, { env }), await startPresenceServer(database.url, { env })];
  });
  afterAll(async () => {
    await one.close();
    await two.close();
    await service.close();
    await database.drop();
  });

  const call = (server: PresenceServer, cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", cookie, origin: server.origin },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** A member signed in on process one, with a subscription at the push service. */
  const subscriber = async () => {
    const user = await insertMember(database.db);
    const cookie = await one.signIn(user.username);
    const keys = browserKeys();
    const endpoint = `${service.origin}/push/${++serial}`;
    const res = await call(one, cookie, "POST", "/api/push/subscriptions", { endpoint, keys: keys.json, expirationTime: null });
    expect(res.status).toBe(201);
    return { ...user, cookie, keys, endpoint, path: new URL(endpoint).pathname };
  };
  const author = async () => {
    const user = await insertMember(database.db);
    return { ...user, cookie: await two.signIn(user.username) };
  };
  const newTopic = async (server: PresenceServer, cookie: string) =>
    ((await (await call(server, cookie, "POST", "/api/topics", { title: "Holidays" })).json()) as { id: number }).id;
  const reply = async (server: PresenceServer, cookie: string, topicId: number) => {
    const res = await call(server, cookie, "POST", `/api/topics/${topicId}/posts`, { content: "See you there" });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const pushesTo = (path: string) => service.received.filter((push) => push.path === path);
  /** Waits until every push queued so far was attempted, by either process. */
  const queueEmpty = () => jobsSettled(database.db, [TASKS.push]);
  const subscriptionExists = async (endpoint: string) =>
    (await database.db.execute(sql`SELECT 1 FROM push_subscriptions WHERE endpoint = ${endpoint}`)).rows.length > 0;

  it("answers the same VAPID public key on every process, made once and kept in the database", async () => {
    const user = await insertMember(database.db);
    const keyOn = async (server: PresenceServer) =>
      ((await (await call(server, await server.signIn(user.username), "GET", "/api/push/key")).json()) as PushKey).publicKey;
    const [first, second] = await Promise.all([keyOn(one), keyOn(two)]);
    expect(first).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second).toBe(first);
    const stored = await database.db.execute(sql`SELECT public_key FROM vapid_keys`);
    expect(stored.rows).toEqual([{ public_key: first }]);
  });

  it("pushes a notification to a member with no socket open, encrypted for their browser and signed with the site's key", async () => {
    const alice = await subscriber();
    const bob = await author();
    const topicId = await newTopic(one, alice.cookie);
    const before = service.received.length;
    const postId = await reply(two, bob.cookie, topicId);
    await service.until(before + 1);
    await queueEmpty();
    const [push] = pushesTo(alice.path);
    expect(pushesTo(alice.path)).toHaveLength(1);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(decrypt(push!.body, alice.keys)).toEqual({ title: "Enclave", body: `${bob.username} replied in Holidays`, url: `/topic/${topicId}?post=${postId}` });
    const { publicKey } = (await (await call(one, alice.cookie, "GET", "/api/push/key")).json()) as PushKey;
    const claims = vapidClaims(push!.headers.authorization, publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe("mailto:no-reply@localhost");
  });

  it("pushes a private message after the request has answered: a slow push service never holds it up", async () => {
    const alice = await subscriber();
    const bob = await author();
    const release = service.hold();
    const before = service.received.length;
    const res = await call(two, bob.cookie, "POST", "/api/conversations", { usernames: [alice.username], content: "Lunch on **Friday**?" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await service.until(before + 1);
    release();
    await queueEmpty();
    expect(decrypt(pushesTo(alice.path)[0]!.body, alice.keys)).toEqual({ title: `Message from ${bob.username}`, body: "Lunch on Friday?", url: `/messages/${id}` });
  });

  it("does not push while the member has a socket open on any process", async () => {
    const alice = await subscriber();
    const bob = await author();
    const topicId = await newTopic(one, alice.cookie);
    const socket = await one.connect(alice.cookie);
    await reply(two, bob.cookie, topicId);
    await socket.next((message) => message.type === "notification");
    await queueEmpty();
    expect(pushesTo(alice.path)).toEqual([]);
    socket.ws.terminate();
  });

  it("retries a push the push service refused, with backoff, and sends it once the service answers again", async () => {
    const alice = await subscriber();
    const bob = await author();
    const topicId = await newTopic(one, alice.cookie);
    service.setStatus(500);
    try {
      await reply(two, bob.cookie, topicId);
      await expect.poll(async () => (await queuedJobs(database.db, TASKS.push))[0], { timeout: 10_000 }).toMatchObject({ attempts: 1, lockedAt: null, lastError: "No push service took the push" });
    } finally {
      service.setStatus(201);
    }
    await expect.poll(() => pushesTo(alice.path).length, { timeout: 15_000 }).toBe(2);
    await queueEmpty();
    expect(await queuedJobs(database.db, TASKS.push)).toEqual([]);
    expect(await subscriptionExists(alice.endpoint)).toBe(true);
  });

  it.each([410, 404])("drops a subscription the push service answers %i (gone, not found) for", async (status) => {
    const alice = await subscriber();
    const bob = await author();
    const topicId = await newTopic(one, alice.cookie);
    service.setStatus(status);
    try {
      await reply(two, bob.cookie, topicId);
      await queueEmpty();
    } finally {
      service.setStatus(201);
    }
    expect(pushesTo(alice.path)).toHaveLength(1);
    expect(await subscriptionExists(alice.endpoint)).toBe(false);
  });

  it("refuses a subscription with a field a browser's PushSubscription does not have (400)", async () => {
    const user = await insertMember(database.db);
    const cookie = await one.signIn(user.username);
    const keys = browserKeys().json;
    for (const body of [
      { endpoint: `${service.origin}/push/extra`, keys, topic: "x" },
      { endpoint: `${service.origin}/push/extra`, keys: { ...keys, extra: "x" } },
    ]) {
      expect((await call(one, cookie, "POST", "/api/push/subscriptions", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await subscriptionExists(`${service.origin}/push/extra`)).toBe(false);
  });

  it("checks the address again when sending: a subscription whose host now resolves to loopback is dropped, nothing sent", async () => {
    const alice = await subscriber();
    const bob = await author();
    const topicId = await newTopic(one, alice.cookie);
    // As if `localhost` had resolved to a public address when it subscribed (DNS rebinding).
    const port = new URL(service.origin).port;
    const rebound = `https://localhost:${port}/push/rebound`;
    await database.db.execute(sql`UPDATE push_subscriptions SET endpoint = ${rebound} WHERE endpoint = ${alice.endpoint}`);
    await reply(two, bob.cookie, topicId);
    await queueEmpty();
    expect(service.received.filter((push) => push.path === "/push/rebound")).toEqual([]);
    expect(await subscriptionExists(rebound)).toBe(false);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_MEMBER} subscriptions a member, the oldest replaced, and unsubscribes (204)`, async () => {
    const alice = await subscriber();
    const endpoints = [alice.endpoint];
    for (let n = 0; n < PUSH_SUBSCRIPTIONS_PER_MEMBER; n++) {
      const endpoint = `${service.origin}/push/${++serial}`;
      endpoints.push(endpoint);
      expect((await call(one, alice.cookie, "POST", "/api/push/subscriptions", { endpoint, keys: browserKeys().json })).status).toBe(201);
    }
    expect(await subscriptionExists(endpoints[0]!)).toBe(false);
    const kept = await database.db.execute(sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${alice.id} ORDER BY id`);
    expect(kept.rows.map((row) => row.endpoint)).toEqual(endpoints.slice(1));
    expect((await call(one, alice.cookie, "DELETE", "/api/push/subscriptions", { endpoint: endpoints[1] })).status).toBe(204);
    expect(await subscriptionExists(endpoints[1]!)).toBe(false);
  });

  it("refuses endpoints on loopback, private, link-local and unique-local addresses or not https: (400, with why)", async () => {
    // A process without PUSH_ALLOW_HOSTS: nothing is taken as it is.
    const strict = await startPresenceServer(database.url);
    try {
      const user = await insertMember(database.db);
      const cookie = await strict.signIn(user.username);
      const refusal = async (endpoint: string) => {
        const res = await call(strict, cookie, "POST", "/api/push/subscriptions", { endpoint, keys: browserKeys().json });
        expect(res.status, endpoint).toBe(400);
        return ((await res.json()) as { message: string }).message;
      };
      for (const endpoint of [
        "https://127.0.0.1/push",
        "https://10.1.2.3/push",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/push",
        "https://[fd00::1]/push",
        "https://[::ffff:127.0.0.1]/push",
        "https://[64:ff9b:1::808:808]/push",
        "https://localhost/push",
      ]) {
        expect(await refusal(endpoint), endpoint).toBe(ENDPOINT_NOT_PUBLIC);
      }
      expect(await refusal(`http://push.example.com/push`)).toBe(ENDPOINT_NOT_HTTPS);
      expect(await refusal(`${service.origin}/push/x`)).toBe(ENDPOINT_NOT_HTTPS);
      const stored = await database.db.execute(sql`SELECT 1 FROM push_subscriptions WHERE user_id = ${user.id}`);
      expect(stored.rows).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe("pinnedLookup", () => {
  const lookUp = (host: string, allowed: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      pinnedLookup(parsePushAllowHosts(allowed))(host, {}, (error, address) => resolve({ error, address })),
    );

  it("refuses at connection time a name that resolves to loopback, unless the host is listed", async () => {
    expect((await lookUp("localhost", "")).error?.code).toBe("EPUSHNOTPUBLIC");
    expect((await lookUp("localhost", "other.example, localhost")).error).toBeNull();
  });

  it("refuses at connection time an address in local-use NAT64 (64:ff9b:1::/48)", async () => {
    expect((await lookUp("64:ff9b:1::808:808", "")).error?.code).toBe("EPUSHNOTPUBLIC");
  });
});
