import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { listenOnLoopback, type LoopbackServer } from "../../test/loopback";
import { pngOfSize, videoOfSize } from "../../test/files";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";

const MB = 1024 * 1024;

const upload = (agent: Agent, file: Buffer, kind?: string) => {
  const req = agent.post("/api/upload");
  if (kind) req.field("kind", kind);
  return req.attach("file", file, { filename: "file.bin", contentType: "application/octet-stream" });
};

/** Bytes the member's files take on disk, and what their rows say. */
async function storedBytes(t: TestApp, ownerId: number) {
  const rows = await t.database.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));
  const onDisk = await Promise.all(rows.map(async (row) => (await stat(path.join(t.config.UPLOAD_DIR, row.filename))).size));
  return { onDisk: onDisk.reduce((sum, size) => sum + size, 0), recorded: rows.reduce((sum, row) => sum + row.sizeBytes, 0) };
}

describe("upload quota and early refusal", () => {
  let t: TestApp;
  let server: LoopbackServer;
  let alice: Agent;
  beforeAll(async () => {
    // A 50 MB quota, so a test reaches it with two files instead of five.
    t = await createTestApp({ UPLOAD_QUOTA_MB: "50" });
    alice = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    server = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const incoming = () => readdir(path.join(t.config.UPLOAD_DIR, ".incoming"));
  const newMember = async () => {
    const user = await insertMember(t.database.db);
    return { id: user.id, agent: await signedInAgent(t.app, user.username) };
  };

  /**
   * Announces a `declared`-byte file of `kind` (PNG bytes), then sends it 1 MB at a time (waiting
   * for each to drain) up to 12 MB, never the whole: what the server answered. A server that waits
   * for the whole body never answers (status 0 after 15 s: on a loaded machine the server may still
   * be reading the first megabytes when the last one is written).
   */
  function sendUntilAnswered(agent: Agent, kind: string, declared: number) {
    return new Promise<{ status: number; message?: string }>((resolve, reject) => {
      void agent.get("/api/auth/user").then(({ request: { cookies } }) => {
        const boundary = "EARLY";
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="file.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        let sent = 0;
        const req = http.request({
          host: "127.0.0.1",
          port: server.port,
          method: "POST",
          path: "/api/upload",
          headers: { cookie: cookies, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + declared) },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (chunk) => (text += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, message: JSON.parse(text).message }));
        });
        req.on("error", (error) => (sent < declared ? undefined : reject(error))); // the server may cut the connection while we write
        req.write(head);
        const chunk = pngOfSize(MB);
        const sendMore = () => {
          if (req.destroyed) return;
          if (sent >= 12 * MB) {
            setTimeout(() => resolve({ status: 0 }), 15_000).unref();
            return;
          }
          sent += chunk.length;
          if (req.write(chunk)) setImmediate(sendMore);
          else req.once("drain", sendMore);
        };
        sendMore();
      }, reject);
    });
  }

  it("refuses a member's file past UPLOAD_QUOTA_MB with 413 Storage quota exceeded (45 MB of zeros behind a video header, twice)", async () => {
    const first = await upload(alice, videoOfSize(45 * MB));
    expect(first.status).toBe(201);
    const second = await upload(alice, videoOfSize(45 * MB));
    expect(second.status).toBe(413);
    expect(second.body).toEqual({ message: "Storage quota exceeded" });
    expect(await incoming()).toEqual([]);
    // What is left still fits.
    expect((await upload(alice, videoOfSize(4 * MB))).status).toBe(201);
  });

  it("holds the quota under parallel uploads", async () => {
    const bob = await newMember();
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(bob.agent, videoOfSize(10 * MB))));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
    expect(answers.filter((res) => res.status === 413).every((res) => res.body.message === "Storage quota exceeded")).toBe(true);
    expect((await storedBytes(t, bob.id)).onDisk).toBeLessThanOrEqual(50 * MB);
  });

  it("answers a file over its kind's limit as soon as the limit is passed, before the rest is sent, and keeps nothing", async () => {
    const carol = await newMember();
    // A 40 MB cover is announced; the limit for covers is 5 MB.
    // Answered while the announced body is still incomplete: multer alone reads the whole body first.
    expect(await sendUntilAnswered(carol.agent, "trackCover", 40 * MB)).toEqual({ status: 413, message: "File too large: the maximum for this field is 5 MB" });
    expect(await incoming()).toEqual([]);
    expect(await storedBytes(t, carol.id)).toEqual({ onDisk: 0, recorded: 0 });
  });

  it("answers a file past what is left of the quota as soon as that is passed, before the rest is sent", async () => {
    const dave = await newMember();
    expect((await upload(dave.agent, videoOfSize(46 * MB))).status).toBe(201);
    // 4 MB are left; a 15 MB banner fits its kind's limit but not the quota.
    expect(await sendUntilAnswered(dave.agent, "banner", 15 * MB)).toEqual({ status: 413, message: "Storage quota exceeded" });
    expect(await incoming()).toEqual([]);
    expect((await storedBytes(t, dave.id)).onDisk).toBe(46 * MB);
  });
});

describe("upload quota counts what is stored", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_QUOTA_MB: "2" });
  });
  afterAll(() => t.close());

  it("counts an image as re-encoded: three photos sent larger than the quota together all fit, and the rows hold the bytes on disk", async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    // Random pixels compress badly: each photo is sent at well over a third of the 2 MB quota.
    const [width, height] = [800, 600];
    const photo = () => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 95, chromaSubsampling: "4:4:4" }).toBuffer();
    const photos = await Promise.all([photo(), photo(), photo()]);
    expect(photos.reduce((sum, file) => sum + file.length, 0)).toBeGreaterThan(2 * MB);
    for (const file of photos) expect((await upload(agent, file, "avatar")).status).toBe(201);

    const { onDisk, recorded } = await storedBytes(t, user.id);
    expect(recorded).toBe(onDisk);
    expect(onDisk).toBeLessThan(2 * MB);
    // A video is kept as sent, and only what is left of the quota takes it.
    expect((await upload(agent, videoOfSize(2 * MB - onDisk + 1))).body).toEqual({ message: "Storage quota exceeded" });
    expect((await upload(agent, videoOfSize(2 * MB - onDisk))).status).toBe(201);
    expect((await storedBytes(t, user.id)).onDisk).toBe(2 * MB);
  });
});
