import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../backup/archive";
import { eventually, insertMembers, openPresence, type PresenceSocket } from "../faults/support";
import { MP3_SILENCE, PNG_1X1 } from "../test/files";
import { PASSWORD } from "../test/fixtures";
import { unzip } from "../test/zip";
import { newStoredName } from "../uploads/files";
import { ORPHAN_AFTER_MS, sweepOrphanUploads } from "../uploads/sweep";
import { startTopology, type Topology } from "./topology";

/**
 * docs/product.md "Speed" on real engines: nginx, two server processes, PgBouncer in
 * transaction mode in front of the primary, a streaming replica (server/scale/topology.ts).
 * SCALE_PORT_BASE (default 5260) and the nine ports after it are used.
 */
const base = Number(process.env.SCALE_PORT_BASE ?? 5260);

/** A member's browser: the session cookie and the read-your-writes cookie, kept as a browser keeps them. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(readonly id: number, readonly username: string) {}

  /** A request with the browser's cookies, its own kept from the answer. */
  async fetch(origin: string, method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: string | FormData } = {}): Promise<Response> {
    const res = await fetch(origin + path, {
      method,
      headers: { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "), ...(body === undefined ? {} : { origin }), ...headers },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }

  /** POST /api/upload of `file` as `kind`: the status, the stored URL when 201, and Retry-After. */
  async upload(origin: string, kind: string, file: Buffer, filename: string): Promise<{ status: number; url?: string; retryAfter?: string | null }> {
    const form = new FormData();
    form.append("kind", kind);
    form.append("file", new Blob([file]), filename);
    try {
      const res = await this.fetch(origin, "POST", "/api/upload", { body: form });
      const answer = (await res.json()) as { url?: string };
      return { status: res.status, url: answer.url, retryAfter: res.headers.get("retry-after") };
    } catch (error) {
      return { status: 0, url: String(error) };
    }
  }

  async send(origin: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    try {
      const res = await this.fetch(origin, method, path, body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
    } catch (error) {
      return { status: 0, body: String(error) };
    }
  }

  session(): string {
    return `sid=${this.cookies.get("sid")}`;
  }

  /** Drops the read-your-writes cookie, as 10 s without a write would: its reads go to the replica again. */
  forgetWrites(): void {
    this.cookies.delete("enclave_wrote");
  }
}

describe("nginx, two processes, PgBouncer in transaction mode and a streaming replica", () => {
  let world: Topology;
  let writer: Browser;
  let reader: Browser;
  let crowd: Browser[];
  let topicId: number;
  beforeAll(async () => {
    const started = Date.now();
    world = await startTopology({
      primary: base,
      replica: base + 1,
      bouncer: base + 2,
      nginx: base + 3,
      servers: [base + 4, base + 5],
    });
    const rows = await insertMembers(world.primary.db, 10, "scale");
    const browsers = rows.map((row) => new Browser(row.id, row.username));
    for (const browser of browsers) expect((await browser.send(world.site, "POST", "/api/auth/login", { username: browser.username, password: PASSWORD })).status).toBe(200);
    [writer, reader, ...crowd] = browsers as [Browser, Browser, ...Browser[]];
    const topic = await writer.send(world.site, "POST", "/api/topics", { title: "Scale", description: "Where the crowd writes" });
    expect(topic.status).toBe(201);
    topicId = (topic.body as { id: number }).id;
    console.info(`test:scale set-up: ${Date.now() - started} ms`);
  });
  afterAll(async () => {
    const started = Date.now();
    await world?.close();
    console.info(`test:scale tear-down: ${Date.now() - started} ms`);
  });

  // The topics a member's list shows, read where their reads go. Not the plain list: its first page
  // is kept per process and filled from the primary (docs/decisions/037), so it shows a new topic
  // whatever the replica holds. A category's list is read per request; the topics here are all in General.
  const topicIdsSeenBy = async (browser: Browser, origin: string) => {
    const answer = await browser.send(origin, "GET", "/api/topics?category=general");
    expect(answer.status).toBe(200);
    return (answer.body as Array<{ id: number }>).map((topic) => topic.id);
  };

  /**
   * Whether each process serves `reader`'s reads from the replica: with the replica's replay
   * paused, a topic the writer creates is on the primary only. The writer sees it at once on either
   * process (read-your-writes); a reader served by the replica does not.
   */
  const replicaServesReads = async () => {
    await world.replica.pool.query("SELECT pg_wal_replay_pause()");
    try {
      const created = await writer.send(world.site, "POST", "/api/topics", { title: "Only on the primary", description: "for now" });
      expect(created.status).toBe(201);
      const id = (created.body as { id: number }).id;
      for (const server of world.servers) expect(await topicIdsSeenBy(writer, server.origin)).toContain(id);
      return Promise.all(world.servers.map(async (server) => !(await topicIdsSeenBy(reader, server.origin)).includes(id)));
    } finally {
      await world.replica.pool.query("SELECT pg_wal_replay_resume()");
    }
  };

  /** Mixed reads and writes through nginx until `stop()`: every answer kept. */
  const startLoad = () => {
    const answers: Array<{ status: number; what: string; postId?: number }> = [];
    let running = true;
    const work = async (browser: Browser, i: number) => {
      for (let n = 0; running; n++) {
        const step = (n + i) % 5;
        const what = ["post", "topic list", "topic posts", "members", "profile"][step]!;
        const answer =
          step === 0
            ? await browser.send(world.site, "POST", `/api/topics/${topicId}/posts`, { content: `${browser.username} ${n}` })
            : step === 1
              ? await browser.send(world.site, "GET", "/api/topics")
              : step === 2
                ? await browser.send(world.site, "GET", `/api/topics/${topicId}/posts?limit=20`)
                : step === 3
                  ? await browser.send(world.site, "GET", "/api/users?page=1")
                  : await browser.send(world.site, "GET", `/api/users/${writer.username}`);
        answers.push({ status: answer.status, what, postId: step === 0 && answer.status === 201 ? (answer.body as { id: number }).id : undefined });
      }
    };
    const done = Promise.all(crowd.map((browser, i) => work(browser, i)));
    return {
      answers,
      async stop() {
        running = false;
        await done;
      },
    };
  };

  it("writes and reads through PgBouncer in transaction mode, with no statement colliding across pooled connections", async () => {
    const load = startLoad();
    await eventually("300 answers", 60_000, () => load.answers.length >= 300);
    await load.stop();
    expect(load.answers.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
    for (const server of world.servers) expect(server.output()).not.toMatch(/prepared statement|not linked|statement_timeout/i);
    // Per process, one LISTEN connection of the listener and one of the job worker, straight to the primary.
    const { rows } = await world.primary.pool.query(
      "SELECT application_name AS application, count(*)::int AS n FROM pg_stat_activity WHERE datname = 'enclave' AND query LIKE 'LISTEN%' GROUP BY 1 ORDER BY 1",
    );
    expect(rows).toEqual([{ application: "enclave", n: 2 }, { application: "enclave-jobs", n: 2 }]);
    // The 5 s limit holds behind PgBouncer: it is the role's setting on every server connection.
    const { rows: timeouts } = await world.primary.pool.query(
      "SELECT DISTINCT s.setconfig FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname = 'enclave_app'",
    );
    expect(timeouts).toEqual([{ setconfig: ["statement_timeout=5000"] }]);
  });

  it("serves reads from the replica, the writer's own from the primary on either process, and the primary's when the replica lags over 10 s", async () => {
    // Signing in was a write: the reader reads the primary for its first 10 s.
    await eventually("the reader's reads on the replica", 30_000, async () => (await replicaServesReads()).every(Boolean));

    await world.replica.pool.query("SELECT pg_wal_replay_pause()");
    try {
      const created = await writer.send(world.site, "POST", "/api/topics", { title: "Behind a lagging replica", description: "paused" });
      const id = (created.body as { id: number }).id;
      expect(await topicIdsSeenBy(reader, world.servers[0]!.origin)).not.toContain(id);
      // Replay stays paused: only the lag check can bring the reader to the primary.
      await eventually("the reader reads the primary on both processes", 30_000, async () =>
        (await Promise.all(world.servers.map(async (server) => (await topicIdsSeenBy(reader, server.origin)).includes(id)))).every(Boolean),
      );
    } finally {
      await world.replica.pool.query("SELECT pg_wal_replay_resume()");
    }
    await eventually("reads back on the replica once it caught up", 30_000, async () => (await replicaServesReads()).every(Boolean));
  });

  it("answers every read while the replica is stopped and restarted under load, and reads from it again", async () => {
    const load = startLoad();
    await eventually("load under way", 30_000, () => load.answers.length >= 50);
    await world.stopReplica();
    const stoppedAt = load.answers.length;
    await eventually("200 answers with the replica down", 60_000, () => load.answers.length >= stoppedAt + 200);
    await world.startReplica();
    await eventually("reads back on the replica", 60_000, async () => (await replicaServesReads()).every(Boolean));
    await load.stop();
    expect(load.answers.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
  });

  it("keeps a closed category from an outsider on both processes, kept pages and the replica included; a member taken out of its group loses it on both", async () => {
    const [first, second] = world.servers as [(typeof world.servers)[0], (typeof world.servers)[0]];
    const rows = await insertMembers(world.primary.db, 4, "closed");
    await world.primary.db.execute(sql`UPDATE users SET is_admin = true WHERE id = ${rows[0]!.id}`);
    const [admin, insider, leaver, outsider] = rows.map((row) => new Browser(row.id, row.username)) as [Browser, Browser, Browser, Browser];
    for (const browser of [admin, insider, leaver, outsider]) expect((await browser.send(world.site, "POST", "/api/auth/login", { username: browser.username, password: PASSWORD })).status).toBe(200);
    expect((await admin.send(first.origin, "POST", "/api/auth/confirm", { password: PASSWORD })).status).toBe(200);
    const group = await admin.send(first.origin, "POST", "/api/admin/groups", { name: "Lounge" });
    expect(group.status).toBe(201);
    const groupId = (group.body as { id: number }).id;
    for (const member of [insider, leaver]) expect((await admin.send(first.origin, "PUT", `/api/admin/groups/${groupId}/members/${member.username}`)).status).toBe(200);
    const category = await admin.send(first.origin, "POST", "/api/admin/categories", { name: "Lounge", color: "#223344", readGroups: [groupId], writeGroups: [groupId] });
    expect(category.status, JSON.stringify(category.body)).toBe(201);
    const slug = (category.body as { slug: string }).slug;
    // A word only the closed category's texts hold: any answer that carries it leaks.
    const WORD = "quokkaharbour";
    const opened = await insider.send(second.origin, "POST", "/api/topics", { title: `The ${WORD} plans`, description: "Inside only", categoryId: (category.body as { id: number }).id });
    expect(opened.status).toBe(201);
    const closedTopic = (opened.body as { id: number }).id;
    expect((await insider.send(second.origin, "POST", `/api/topics/${closedTopic}/posts`, { content: `A ${WORD} reply` })).status).toBe(201);

    const lists = ["/api/topics", "/api/topics?filter=top&period=week", `/api/topics?category=${slug}`, "/api/topics?category=general", `/api/search?q=${WORD}&type=posts`];
    const named = [`/api/topics/${closedTopic}`, `/api/topics/${closedTopic}/posts`];
    /** What `browser` finds of the closed topic through `origin`: the lists that show it and the named paths' statuses. */
    const seenBy = async (browser: Browser, origin: string) => ({
      listed: (
        await Promise.all(
          lists.map(async (path) => {
            const answer = await browser.send(origin, "GET", path);
            expect(answer.status, path).toBe(200);
            return JSON.stringify(answer.body).includes(WORD) ? path : null;
          }),
        )
      ).filter(Boolean),
      statuses: await Promise.all(named.map(async (path) => (await browser.send(origin, "GET", path)).status)),
    });
    const insiderSees = { listed: lists.filter((path) => !path.endsWith("general")), statuses: [200, 200] };
    const outsiderSees = { listed: [], statuses: [404, 404] };
    // The kept list and posts page filled for the insider first, on each process, then asked for by the outsider.
    for (const server of world.servers) {
      expect(await seenBy(insider, server.origin)).toEqual(insiderSees);
      expect(await seenBy(outsider, server.origin)).toEqual(outsiderSees);
    }
    // The same from the replica: no read-your-writes cookie, so reads that may be stale go there.
    for (const browser of [insider, outsider]) browser.forgetWrites();
    await eventually("the replica shows the insider the closed topic on both processes", 30_000, async () =>
      (await Promise.all(world.servers.map(async (server) => JSON.stringify(await seenBy(insider, server.origin)) === JSON.stringify(insiderSees)))).every(Boolean),
    );
    for (const server of world.servers) expect(await seenBy(outsider, server.origin)).toEqual(outsiderSees);

    // Taken out of the group through one process: the other refuses them as soon as it hears of it.
    for (const server of world.servers) expect(await seenBy(leaver, server.origin)).toEqual(insiderSees);
    expect((await admin.send(first.origin, "DELETE", `/api/admin/groups/${groupId}/members/${leaver.username}`)).status).toBe(200);
    expect(await seenBy(leaver, first.origin)).toEqual(outsiderSees);
    // The other process hears of it by NOTIFY, which leaves at commit, before the answer does.
    const answeredAt = Date.now();
    await eventually("the other process refuses the leaver", 2_000, async () => (await leaver.send(second.origin, "GET", `/api/topics/${closedTopic}`)).status === 404);
    console.info(`test:scale: the other process refused the member taken out of the group ${Date.now() - answeredAt} ms after the removal's answer`);
    expect(await seenBy(leaver, second.origin)).toEqual(outsiderSees);
  });

  it("tells presence and live notifications across the two processes (LISTEN on the direct connection)", async () => {
    const [first, second] = world.servers as [(typeof world.servers)[0], (typeof world.servers)[0]];
    const author = await openPresence(first.origin, writer.id, writer.session());
    const replier = await openPresence(second.origin, reader.id, reader.session());
    const onlineFor = (socket: PresenceSocket, userId: number) =>
      socket.messages.some((m) => (m.type === "online_users" && m.users?.includes(userId)) || (m.type === "user_status_change" && m.userId === userId && m.isOnline));
    await eventually("each sees the other online", 20_000, () => onlineFor(author, reader.id) && onlineFor(replier, writer.id));
    const reply = await reader.send(second.origin, "POST", `/api/topics/${topicId}/posts`, { content: "A reply from the other process" });
    expect(reply.status).toBe(201);
    await eventually("the author's live notification", 20_000, () => author.messages.some((m) => m.type === "notification"));
    author.socket.close();
    replier.socket.close();
  });

  const nameOf = (url: string) => url.split("/").pop()!;
  const bytesAt = async (origin: string, url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(origin + url, { headers, signal: AbortSignal.timeout(20_000) });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };

  it("serves a file uploaded through one process from the other, out of the shared bucket: an avatar, a post image, card audio by range", async () => {
    const [first, second] = world.servers as [(typeof world.servers)[0], (typeof world.servers)[0]];
    const avatar = await writer.upload(first.origin, "avatar", PNG_1X1, "me.png");
    expect(avatar.status).toBe(201);
    const stored = await world.storage.read(nameOf(avatar.url!));
    expect(stored).toBeDefined();
    const served = await bytesAt(second.origin, avatar.url!);
    expect([served.status, served.headers.get("cache-control")]).toEqual([200, "public, max-age=604800"]);
    expect(served.body).toEqual(stored);
    expect((await bytesAt(second.origin, avatar.url!, { "if-none-match": served.headers.get("etag")! })).status).toBe(304);
    expect((await writer.send(second.origin, "PATCH", "/api/auth/profile", { avatar: avatar.url })).status).toBe(200);

    const image = await writer.upload(second.origin, "postImage", PNG_1X1, "picture.png");
    expect(image.status).toBe(201);
    expect((await writer.send(first.origin, "POST", `/api/topics/${topicId}/posts`, { content: `![a picture](${image.url})` })).status).toBe(201);
    expect((await bytesAt(first.origin, image.url!)).status).toBe(200);

    const song = await writer.upload(first.origin, "trackAudio", MP3_SILENCE, "song.mp3");
    expect(song.status).toBe(201);
    const part = await bytesAt(second.origin, song.url!, { range: "bytes=1000-1099" });
    expect([part.status, part.headers.get("content-range")]).toEqual([206, `bytes 1000-1099/${MP3_SILENCE.length}`]);
    expect(part.body).toEqual(MP3_SILENCE.subarray(1000, 1100));
  });

  it("puts the bucket's objects in the member's export zip and in the backup", async () => {
    const avatar = await writer.upload(world.site, "avatar", PNG_1X1, "exported.png");
    expect(avatar.status).toBe(201);
    expect((await writer.send(world.site, "PATCH", "/api/auth/profile", { avatar: avatar.url })).status).toBe(200);
    const stored = await world.storage.read(nameOf(avatar.url!));

    expect((await writer.send(world.site, "POST", "/api/auth/confirm", { password: PASSWORD })).status).toBe(200);
    const res = await writer.fetch(world.site, "GET", "/api/auth/export");
    expect(res.status).toBe(200);
    const exported = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(exported.get(`uploads/${nameOf(avatar.url!)}`)).toEqual(stored);

    const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-scale-backup-"));
    try {
      const file = path.join(dir, "backup.zip");
      const { uploads } = await createBackup({ url: world.primaryUrl, storage: world.storage, file });
      const archived = await unzip(await readFile(file));
      expect(uploads).toBeGreaterThanOrEqual(1);
      expect(archived.get(`uploads/${nameOf(avatar.url!)}`)).toEqual(stored);
      expect(JSON.parse(archived.get("manifest.json")!.toString())).toMatchObject({ uploads, uploadsFrom: expect.stringMatching(/^s3:\/\//) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("removes the object when its upload is deleted through the other process, and the sweep removes unreferenced ones and strays", async () => {
    const [first, second] = world.servers as [(typeof world.servers)[0], (typeof world.servers)[0]];
    const deleted = await reader.upload(first.origin, "avatar", PNG_1X1, "deleted.png");
    expect((await reader.send(second.origin, "DELETE", `/api/upload/${nameOf(deleted.url!)}`)).status).toBe(200);
    expect(await world.storage.read(nameOf(deleted.url!))).toBeUndefined();
    expect((await bytesAt(first.origin, deleted.url!)).status).toBe(404);

    const unreferenced = await reader.upload(second.origin, "avatar", PNG_1X1, "unused.png");
    // An object whose row never committed (a process that died between the two).
    const stray = newStoredName("png");
    const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-scale-stray-"));
    await writeFile(path.join(dir, "stray"), PNG_1X1);
    await world.storage.put(stray, path.join(dir, "stray"), "image/png");
    await rm(dir, { recursive: true, force: true });
    await sweepOrphanUploads(world.primary.db, world.storage);
    const swept = await sweepOrphanUploads(world.primary.db, world.storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(swept).toMatchObject({ removed: expect.any(Number), strays: expect.any(Number) });
    expect(await world.storage.read(nameOf(unreferenced.url!))).toBeUndefined();
    expect(await world.storage.read(stray)).toBeUndefined();
    expect((await bytesAt(world.site, unreferenced.url!)).status).toBe(404);
  });

  it("answers uploads 503 with Retry-After while the bucket is stopped under load, everything else as usual, and loses no acknowledged upload", async () => {
    const load = startLoad();
    const uploaded: Array<{ status: number; url?: string; retryAfter?: string | null }> = [];
    let uploading = true;
    const uploader = (async () => {
      while (uploading) uploaded.push(await reader.upload(world.site, "avatar", PNG_1X1, "under-load.png"));
    })();
    const accepted = (from: number) => uploaded.slice(from).filter((answer) => answer.status === 201).length;
    await eventually("uploads under way", 30_000, () => accepted(0) >= 5 && load.answers.length >= 50);
    await world.bucket.stop();
    const stoppedAt = uploaded.length;
    const loadAt = load.answers.length;
    await eventually("uploads refused and the rest answered while the bucket is down", 60_000, () =>
      uploaded.slice(stoppedAt).filter((answer) => answer.status === 503).length >= 10 && load.answers.length >= loadAt + 100,
    );
    await world.bucket.start();
    const startedAt = uploaded.length;
    await eventually("uploads accepted again", 30_000, () => accepted(startedAt) >= 5);
    uploading = false;
    await uploader;
    await load.stop();

    const refused = uploaded.filter((answer) => answer.status === 503).length;
    console.info(`test:scale bucket stopped under load: ${accepted(0)} uploads acknowledged, ${refused} answered 503, ${load.answers.length} other requests`);
    expect(load.answers.filter((answer) => answer.status !== 200 && answer.status !== 201)).toEqual([]);
    expect(uploaded.filter((answer) => answer.status !== 201 && !(answer.status === 503 && answer.retryAfter === "30"))).toEqual([]);
    // Every acknowledged upload has its row and its object.
    const acknowledged = uploaded.flatMap((answer) => (answer.status === 201 ? [nameOf(answer.url!)] : []));
    const { rows } = await world.primary.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM uploads WHERE filename = ANY($1::text[])", [acknowledged]);
    expect(rows[0]!.n).toBe(acknowledged.length);
    const missing = [];
    for (const name of acknowledged) if (!(await world.storage.read(name))) missing.push(name);
    expect(missing).toEqual([]);
    // /metrics tells the operator: the processes that took uploads while it was down counted failed puts.
    const metrics = await Promise.all(world.servers.map((server) => fetch(`${server.origin}/metrics`).then((res) => res.text())));
    expect(metrics.some((text) => /upload_storage_errors_total\{operation="put"\} [1-9]/.test(text))).toBe(true);
  });

  it("loses nothing acknowledged when one process is killed under load", async () => {
    const load = startLoad();
    await eventually("writes under way", 60_000, () => load.answers.filter((answer) => answer.postId).length >= 30);
    const killedAt = load.answers.length;
    world.servers[0]!.child.kill("SIGKILL");
    await eventually("100 answers after the kill", 60_000, () => load.answers.length >= killedAt + 100);
    await load.stop();
    // Only what the killed process held at that moment may have failed (nginx answers 502).
    expect(load.answers.filter((answer) => answer.status !== 200 && answer.status !== 201 && answer.status !== 502)).toEqual([]);
    const acknowledged = load.answers.flatMap((answer) => (answer.postId ? [answer.postId] : []));
    const stored = async (database: Topology["primary"]) =>
      (await database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM posts WHERE id = ANY($1::int[])", [acknowledged])).rows[0]!.n;
    expect(await stored(world.primary)).toBe(acknowledged.length);
    await eventually("every acknowledged post on the replica", 20_000, async () => (await stored(world.replica)) === acknowledged.length);
  });
});
