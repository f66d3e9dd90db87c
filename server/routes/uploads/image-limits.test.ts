import { readdir } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { listenOnLoopback, type LoopbackServer } from "../../test/loopback";
import { gifDeclaring } from "../../test/files";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";
import { imageJobs } from "../../uploads/reencode";

/** docs/decisions/020-image-limits.md: what one image may cost, and who waits for whom. */
describe("image limits", () => {
  let t: TestApp;
  let server: LoopbackServer;
  beforeAll(async () => {
    t = await createTestApp();
    server = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const newMember = async () => {
    const user = await insertMember(t.database.db);
    return { id: user.id, agent: await signedInAgent(t.app, user.username) };
  };
  const upload = (agent: Agent, file: Buffer, kind?: string) => {
    const req = agent.post("/api/upload");
    if (kind) req.field("kind", kind);
    return req.attach("file", file, { filename: "image.gif", contentType: "image/gif" });
  };
  const incoming = () => readdir(path.join(t.config.UPLOAD_DIR, ".incoming"));
  const storedOf = (ownerId: number) => t.database.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
  /** Within the limits, but a few seconds of work: 50 frames of 1000×1000 (50 megapixels), kept at 2560 px. */
  const slowGif = () => gifDeclaring({ width: 1000, height: 1000, frames: 50 });
  const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer();

  /** What the re-encode queue does from now on, in order ("started 12" and the like), and a wait for an entry. */
  function recordJobs() {
    const log: string[] = [];
    const times = (entry: string) => log.filter((logged) => logged === entry).length;
    const waiters: { entry: string; count: number; resolve: () => void }[] = [];
    const listeners = (["queued", "started", "finished", "cancelled"] as const).map((event) => {
      const listener = (owner: number) => {
        log.push(`${event} ${owner}`);
        for (const waiter of waiters.filter(({ entry, count }) => times(entry) >= count)) waiter.resolve();
      };
      imageJobs.on(event, listener);
      return () => imageJobs.off(event, listener);
    });
    return {
      log,
      /** Resolves once `entry` is in the log `count` times (at once if it already is). */
      seen: (entry: string, count = 1) => new Promise<void>((resolve) => (times(entry) >= count ? resolve() : waiters.push({ entry, count, resolve }))),
      stop: () => listeners.forEach((off) => off()),
    };
  }

  /** POST /api/upload over a connection of its own, which the test can cut: `cut()` destroys it. */
  async function uploadOnOwnConnection(agent: Agent, file: Buffer, kind = "default") {
    const { cookies } = (await agent.get("/api/auth/user")).request;
    const boundary = "LIMITS";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.gif"\r\nContent-Type: image/gif\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const req = http.request({
      host: "127.0.0.1",
      port: server.port,
      method: "POST",
      path: "/api/upload",
      headers: { cookie: cookies, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(body.length) },
    });
    const answered = new Promise<number | "cut">((resolve) => {
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", () => resolve("cut"));
    });
    req.end(body);
    return { answered, cut: () => req.destroy() };
  }

  /** Bounded wait for the server's last steps after the queue has moved on (removing its files). */
  async function eventually(check: () => Promise<boolean>) {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("the condition never held");
  }

  it("refuses a 43-byte GIF that declares 16383×16383 pixels with 413, before decoding it", async () => {
    const { id, agent } = await newMember();
    const bomb = gifDeclaring({ width: 16383, height: 16383 });
    expect(bomb.length).toBe(43);
    const jobs = recordJobs();
    const res = await upload(agent, bomb, "avatar");
    jobs.stop();
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Image too large: 16383×16383 pixels; the maximum is 50 megapixels, all frames together" });
    expect(jobs.log).toEqual([`queued ${id}`, `started ${id}`, `finished ${id}`]);
    expect(await incoming()).toEqual([]);
    expect(await storedOf(id)).toEqual([]);
  });

  it("refuses a many-frame GIF by its frames' pixels together, and one with too many frames, with 413", async () => {
    const { id, agent } = await newMember();
    // 959 bytes: 40 frames of 2590×2590, under libvips' own limit of 268 megapixels.
    const animation = gifDeclaring({ width: 2590, height: 2590, frames: 40 });
    expect(animation.length).toBe(959);
    const res = await upload(agent, animation);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Image too large: 2590×2590 pixels in 40 frames; the maximum is 50 megapixels, all frames together");

    const flipbook = await upload(agent, gifDeclaring({ width: 2, height: 2, frames: 501 }), "avatar");
    expect(flipbook.status).toBe(413);
    expect(flipbook.body.message).toBe("Image has too many frames: 501; the maximum is 500");
    expect(await incoming()).toEqual([]);
    expect(await storedOf(id)).toEqual([]);
  });

  it("still takes ordinary images: an animated GIF within the limits and a PNG", async () => {
    const { agent } = await newMember();
    const animation = await upload(agent, gifDeclaring({ width: 600, height: 400, frames: 30 }), "avatar");
    expect(animation.status).toBe(201);
    expect(await sharp(path.join(t.config.UPLOAD_DIR, path.basename(animation.body.url))).metadata()).toMatchObject({ format: "gif", width: 512 });
    expect((await upload(agent, await smallPng(), "banner")).status).toBe(201);
  });

  it("drops the work of a client that goes away mid-re-encode: nothing is kept, and the next member's upload completes", { timeout: 60_000 }, async () => {
    const alice = await newMember();
    const bob = await newMember();
    const jobs = recordJobs();
    const first = await uploadOnOwnConnection(alice.agent, slowGif());
    await jobs.seen(`started ${alice.id}`);
    // Alice's second image waits behind her first; she leaves while both are in the server's hands.
    const second = await uploadOnOwnConnection(alice.agent, slowGif());
    await jobs.seen(`queued ${alice.id}`, 2);
    first.cut();
    second.cut();
    expect(await Promise.all([first.answered, second.answered])).toEqual(["cut", "cut"]);

    // The next member is answered.
    expect((await upload(bob.agent, await smallPng(), "avatar")).status).toBe(201);
    // Alice's waiting job never starts; once her running one has ended, nothing of hers is stored or left on disk.
    await jobs.seen(`finished ${alice.id}`);
    jobs.stop();
    expect(jobs.log.filter((entry) => entry.endsWith(` ${alice.id}`))).toEqual([
      `queued ${alice.id}`,
      `started ${alice.id}`,
      `queued ${alice.id}`,
      `cancelled ${alice.id}`,
      `finished ${alice.id}`,
    ]);
    await eventually(async () => (await incoming()).length === 0);
    expect(await storedOf(alice.id)).toEqual([]);
  });

  it("does not hold a member's upload behind another member's slow one", { timeout: 60_000 }, async () => {
    const alice = await newMember();
    const bob = await newMember();
    const jobs = recordJobs();
    const aliceFirst = upload(alice.agent, slowGif()).then((res) => res.status);
    await jobs.seen(`started ${alice.id}`);
    const aliceSecond = upload(alice.agent, await smallPng(), "avatar").then((res) => res.status);
    await jobs.seen(`queued ${alice.id}`, 2);
    const bobs = await upload(bob.agent, await smallPng(), "avatar");
    expect(bobs.status).toBe(201);
    expect(await Promise.all([aliceFirst, aliceSecond])).toEqual([201, 201]);
    jobs.stop();
    // Bob's job started while Alice's slow one was still running, and was done before her next began.
    const at = (entry: string) => jobs.log.indexOf(entry);
    expect(at(`started ${bob.id}`)).toBeLessThan(at(`finished ${alice.id}`));
    expect(at(`finished ${bob.id}`)).toBeLessThan(jobs.log.lastIndexOf(`started ${alice.id}`));
  });
});
