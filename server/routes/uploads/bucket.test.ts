import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteUser } from "../../commands/delete-user";
import { uploads } from "../../db/schema";
import { avatarForShareImage } from "../../share-image/share-card";
import { createTestApp, type TestApp } from "../../test/app";
import { bytesOf } from "../../test/bytes";
import { confirmedAgent } from "../../test/confirmation";
import { MP3_SILENCE, PNG_1X1 } from "../../test/files";
import { BROWSER, insertCardOwner, insertMember, type Agent } from "../../test/fixtures";
import { startTestBucket, type TestBucket } from "../../test/s3";
import { unzip } from "../../test/zip";
import { newStoredName } from "../../uploads/files";
import { sweepOrphanUploads, ORPHAN_AFTER_MS } from "../../uploads/sweep";

/**
 * The app with S3_* set (docs/decisions/065): uploads in a real S3 server (s3rver on loopback),
 * through the real AWS SDK; the app serves /uploads/ from the bucket itself.
 */
describe("uploads in an S3-compatible bucket", () => {
  let bucket: TestBucket;
  let t: TestApp;
  let member: Agent;
  let memberId: number;

  beforeAll(async () => {
    bucket = await startTestBucket();
    t = await createTestApp({ ...bucket.env, UPLOAD_QUOTA_MB: "1" });
    const user = await insertMember(t.database.db);
    memberId = user.id;
    // Export is a sensitive change: a fresh confirmation.
    member = await confirmedAgent(t.app, user.username);
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });

  const upload = (agent: Agent, file: Buffer, filename: string, kind: string) =>
    agent.post("/api/upload").field("kind", kind).attach("file", file, { filename });
  const nameOf = (url: string) => url.split("/").pop()!;
  const inBucket = async () => {
    const names: string[] = [];
    for await (const object of t.storage.list()) names.push(object.name);
    return names;
  };
  /** What the process keeps on its own disk: the folder holds only files still arriving. */
  const onLocalDisk = async () => [...(await readdir(t.config.UPLOAD_DIR)).filter((name) => name !== ".incoming"), ...(await readdir(path.join(t.config.UPLOAD_DIR, ".incoming")))];

  it("stores an upload in the bucket, not on the process's disk, and serves it at /uploads/ with the headers of a local file", async () => {
    expect(t.storage.kind).toBe("s3");
    const res = await upload(member, PNG_1X1, "me.png", "avatar");
    expect(res.status).toBe(201);
    const name = nameOf(res.body.url);
    expect(await inBucket()).toContain(name);
    expect(await onLocalDisk()).toEqual([]);

    const served = await bytesOf(request(t.app).get(res.body.url));
    expect(served.status).toBe(200);
    expect(served.body).toEqual(await t.storage.read(name));
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "cache-control": "public, max-age=604800",
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-length": String((served.body as Buffer).length),
    });
    expect(served.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(served.headers["last-modified"]).toBeTruthy();

    // A CDN or browser that holds it asks again with its ETag: 304, no body.
    const again = await request(t.app).get(res.body.url).set("If-None-Match", served.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(served.headers.etag);
    expect((await request(t.app).get(res.body.url).set("If-None-Match", `W/"other", ${served.headers.etag}`)).status).toBe(304);
    const head = await request(t.app).head(res.body.url);
    expect([head.status, head.headers["content-length"]]).toEqual([200, String((served.body as Buffer).length)]);
  });

  it("serves card music by byte range (206 with Content-Range) so it seeks, and 416 past its end", async () => {
    const res = await upload(member, MP3_SILENCE, "song.mp3", "trackAudio");
    expect(res.status).toBe(201);
    const part = await bytesOf(request(t.app).get(res.body.url).set("Range", "bytes=100-199"));
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${MP3_SILENCE.length}`);
    expect(part.headers["content-type"]).toBe("audio/mpeg");
    expect(part.body).toEqual(MP3_SILENCE.subarray(100, 200));
    expect((await request(t.app).get(res.body.url).set("Range", `bytes=${MP3_SILENCE.length + 10}-`)).status).toBe(416);
  });

  it("answers a name the bucket does not hold, or that is not a stored name, with 404; other methods with 405", async () => {
    expect((await request(t.app).get(`/uploads/${newStoredName("png")}`)).status).toBe(404);
    expect((await request(t.app).get("/uploads/.incoming/x")).status).toBe(404);
    const posted = await request(t.app).post(`/uploads/${newStoredName("png")}`);
    expect([posted.status, posted.headers.allow]).toEqual([405, "GET, HEAD"]);
  });

  it("removes the object when its upload is deleted", async () => {
    const res = await upload(member, PNG_1X1, "gone.png", "avatar");
    expect((await member.delete(`/api/upload/${nameOf(res.body.url)}`)).status).toBe(200);
    expect(await inBucket()).not.toContain(nameOf(res.body.url));
    expect((await request(t.app).get(res.body.url)).status).toBe(404);
  });

  it("removes a deleted member's objects; a deletion while the bucket is down leaves the object to the sweep", async () => {
    const user = await insertMember(t.database.db);
    const leaving = await confirmedAgent(t.app, user.username);
    const avatar = await upload(leaving, PNG_1X1, "mine.png", "avatar");
    expect((await leaving.patch("/api/auth/profile").send({ avatar: avatar.body.url })).status).toBe(200);
    await deleteUser(t.database.db, user.id, { batchSize: 100, storage: t.storage });
    expect(await t.storage.read(nameOf(avatar.body.url))).toBeUndefined();

    const kept = await upload(member, PNG_1X1, "deleted-while-down.png", "avatar");
    await bucket.stop();
    try {
      // The row goes; the object the bucket could not remove is a stray now.
      expect((await member.delete(`/api/upload/${nameOf(kept.body.url)}`)).status).toBe(200);
    } finally {
      await bucket.start();
    }
    expect(await inBucket()).toContain(nameOf(kept.body.url));
    await sweepOrphanUploads(t.database.db, t.storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(await inBucket()).not.toContain(nameOf(kept.body.url));
  });

  it("sweeps unreferenced uploads and objects no row names from the bucket", async () => {
    const res = await upload(member, PNG_1X1, "unused.png", "avatar");
    const unused = nameOf(res.body.url);
    // An object whose row never committed (a crash between the two).
    const stray = newStoredName("png");
    const part = path.join(t.storage.incomingDir, "stray.part");
    await writeFile(part, PNG_1X1);
    await t.storage.put(stray, part, "image/png");
    // The first sweep marks it unreferenced; one a day later removes it, and the stray, older than a day by then.
    await sweepOrphanUploads(t.database.db, t.storage);
    const result = await sweepOrphanUploads(t.database.db, t.storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(result?.strays).toBeGreaterThanOrEqual(1);
    const left = await inBucket();
    expect(left).not.toContain(unused);
    expect(left).not.toContain(stray);
  });

  it("puts the member's objects from the bucket in their export zip", async () => {
    const res = await upload(member, PNG_1X1, "kept.png", "avatar");
    expect((await member.patch("/api/auth/profile").send({ avatar: res.body.url })).status).toBe(200);
    const zip = await bytesOf(member.get("/api/auth/export"));
    expect(zip.status).toBe(200);
    const entries = await unzip(zip.body as Buffer);
    expect(entries.get(`uploads/${nameOf(res.body.url)}`)).toEqual(await t.storage.read(nameOf(res.body.url)));
    // The share image draws the avatar read from the bucket.
    expect(await avatarForShareImage(t.storage, res.body.url)).toMatch(/^data:image\/png;base64,/);
  });

  it("leaves one row and one object when two uploads race for the last of the quota (a refused row takes its object back)", async () => {
    const user = await insertMember(t.database.db);
    const racer = await confirmedAgent(t.app, user.username);
    // 600 kB of audio each against a 1 MB quota: both pass the check as they arrive, one row is refused.
    const song = Buffer.concat([MP3_SILENCE, Buffer.alloc(600 * 1024)]);
    const before = (await inBucket()).length;
    const answers = await Promise.all([upload(racer, song, "a.mp3", "trackAudio"), upload(racer, song, "b.mp3", "trackAudio")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    const [rows] = await t.database.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, user.id));
    expect(rows!.n).toBe(1);
    expect((await inBucket()).length).toBe(before + 1);
  });

  it("draws a card's share image with its avatar read from the bucket; with the bucket down the card page still answers and only the image fails", async () => {
    const { user, agent } = await insertCardOwner(t);
    const avatar = await upload(agent, PNG_1X1, "face.png", "bioAvatar");
    expect((await agent.patch("/api/bio").send({ bioAvatar: avatar.body.url })).status).toBe(200);
    const shareImage = () => request(t.app).get(`/${user.username}/og.png`).set("User-Agent", BROWSER);
    await bucket.stop();
    try {
      const page = await request(t.app).get(`/${user.username}`).set("User-Agent", BROWSER);
      expect(page.status).toBe(200);
      expect(page.text).toContain(avatar.body.url);
      const image = await shareImage();
      expect([image.status, image.headers["retry-after"]]).toEqual([503, "30"]);
    } finally {
      await bucket.start();
    }
    const drawn = await shareImage();
    expect([drawn.status, drawn.headers["content-type"]]).toEqual([200, "image/png"]);
  });

  it("answers uploads 503 with Retry-After while the bucket is out of reach, keeps pages up, counts the failures, and loses nothing stored", async () => {
    const kept = await upload(member, PNG_1X1, "before.png", "avatar");
    const [{ n: rowsBefore }] = (await t.database.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, memberId))) as [{ n: number }];
    await bucket.stop();
    try {
      const refused = await upload(member, PNG_1X1, "during.png", "avatar");
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe("30");
      expect(refused.body).toEqual({ message: "File storage is unavailable, please try again shortly" });
      // No row for it, and nothing left behind on the process's disk.
      const [{ n: rowsAfter }] = (await t.database.db.select({ n: count() }).from(uploads).where(eq(uploads.ownerId, memberId))) as [{ n: number }];
      expect(rowsAfter).toBe(rowsBefore);
      expect(await onLocalDisk()).toEqual([]);
      // The image fails alone; the API and pages answer.
      expect((await request(t.app).get(kept.body.url)).status).toBe(503);
      // An export, whose files are in the bucket, is refused before its zip begins rather than cut short.
      const exported = await member.get("/api/auth/export");
      expect([exported.status, exported.headers["retry-after"]]).toEqual([503, "30"]);
      expect((await member.get("/api/topics")).status).toBe(200);
      const metrics = await request(t.app).get("/metrics");
      expect(metrics.text).toMatch(/upload_storage_errors_total\{operation="put"\} [1-9]/);
      expect(metrics.text).toMatch(/upload_storage_errors_total\{operation="get"\} [1-9]/);
    } finally {
      await bucket.start();
    }
    expect((await request(t.app).get(kept.body.url)).status).toBe(200);
    expect((await upload(member, PNG_1X1, "after.png", "avatar")).status).toBe(201);
  });
});
