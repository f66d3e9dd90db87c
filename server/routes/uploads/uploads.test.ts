import { readdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { HTML_PAGE, MP3_SILENCE, PNG_1X1, pngOfSize, SVG_IMAGE } from "../../test/files";
import { type Agent, insertMember, memberCast, readUser, signedInAgent } from "../../test/fixtures";

describe("uploads", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let moderator: Agent;
  let aliceId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, bob, moderator, aliceId } = await memberCast(t));
  });
  afterAll(() => t.close());

  const upload = (agent: Agent, file: Buffer, filename: string, kind?: string) => {
    const req = agent.post("/api/upload");
    if (kind) req.field("kind", kind);
    return req.attach("file", file, { filename, contentType: "image/png" });
  };
  /** What is stored: final files and files still in the incoming folder. */
  const storedFiles = async () => [
    ...(await readdir(t.config.UPLOAD_DIR)).filter((name) => !name.startsWith(".")),
    ...(await readdir(path.join(t.config.UPLOAD_DIR, ".incoming"))),
  ];

  it("accepts a real PNG, stores it under a random name with its owner, and serves it with nosniff", async () => {
    const res = await upload(alice, PNG_1X1, "me.png", "avatar");
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const filename = res.body.url.split("/").pop();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.filename, filename));
    const served = await request(t.app).get(res.body.url);
    expect(row).toMatchObject({ ownerId: aliceId, kind: "avatar", mimeType: "image/png", sizeBytes: served.body.length });
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    // Re-encoded (see images.test.ts), still the same 1x1 PNG.
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
  });

  it("decides the type from the bytes: HTML or SVG named .png is 415 and leaves no file", async () => {
    const before = await storedFiles();
    for (const [file, name] of [[HTML_PAGE, "pic.png"], [SVG_IMAGE, "pic.png"], [SVG_IMAGE, "pic.svg"]] as const) {
      const res = await upload(alice, file, name, "avatar");
      expect(res.status, name).toBe(415);
      expect(res.body.message).toMatch(/Unsupported file type/);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a file over its kind's limit with 413 and leaves no file", async () => {
    const before = await storedFiles();
    const res = await upload(alice, pngOfSize(2 * 1024 * 1024 + 1), "icon.png", "linkIcon");
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("File too large: the maximum for this field is 2 MB");
    expect((await upload(alice, pngOfSize(2 * 1024 * 1024), "icon.png", "linkIcon")).status).toBe(201);
    expect((await storedFiles()).length).toBe(before.length + 1);
  });

  it("refuses an image where audio is expected, an unknown kind, and a missing file", async () => {
    expect((await upload(alice, PNG_1X1, "song.mp3", "trackAudio")).status).toBe(415);
    const unknown = await upload(alice, PNG_1X1, "x.png", "wallpaper");
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown upload kind");
    expect((await alice.post("/api/upload").field("kind", "avatar")).status).toBe(400);
    expect((await request(t.app).post("/api/upload").attach("file", PNG_1X1, "x.png")).status).toBe(401);
  });

  it("serves a stored file from UPLOAD_DIR for a week's caching, with an ETag (304) and byte ranges (206): what the bucket's answers match", async () => {
    const res = await alice.post("/api/upload").field("kind", "trackAudio").attach("file", MP3_SILENCE, "song.mp3");
    expect(res.status).toBe(201);
    const served = await request(t.app).get(res.body.url);
    expect(served.headers).toMatchObject({ "cache-control": "public, max-age=604800", "accept-ranges": "bytes", "content-type": "audio/mpeg" });
    expect((await request(t.app).get(res.body.url).set("If-None-Match", served.headers.etag!)).status).toBe(304);
    const part = await request(t.app).get(res.body.url).set("Range", "bytes=100-199");
    expect([part.status, part.headers["content-range"]]).toEqual([206, `bytes 100-199/${MP3_SILENCE.length}`]);
  });

  it("answers a truncated multipart body with 400 and stays up", async () => {
    const address = await new Promise<string>((resolve) => {
      const server = t.app.listen(0, "127.0.0.1", () => resolve(`${(server.address() as net.AddressInfo).port}`));
      afterAll(() => server.close());
    });
    const cookie = (await alice.get("/api/auth/user")).request.cookies;
    const status = await new Promise<number>((resolve) => {
      const socket = net.connect(Number(address), "127.0.0.1", () => {
        const body = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' + "x".repeat(100);
        socket.write(
          `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=XYZ\r\nContent-Length: ${body.length + 500}\r\n\r\n${body}`,
        );
        socket.end();
      });
      socket.on("data", (chunk) => resolve(Number(chunk.toString().split(" ")[1])));
    });
    expect(status).toBe(400);
    expect((await request(t.app).get("/api/health")).status).toBe(200);
  });

  it("lets the owner or an admin delete a file; anything else is 404", async () => {
    const mine = (await upload(alice, PNG_1X1, "a.png", "avatar")).body.url as string;
    await alice.patch("/api/auth/profile").send({ avatar: mine });
    const name = mine.split("/").pop()!;
    for (const target of [name, "..%2F..%2Fpackage.json", "..", "nothing.png", `${"a".repeat(32)}.png`]) {
      expect((await bob.delete(`/api/upload/${target}`)).status, target).toBe(404);
    }
    expect((await alice.delete(`/api/upload/${name}`)).status).toBe(200);
    expect((await request(t.app).get(mine)).status).toBe(404);
    expect((await readUser(t.database.db, aliceId)).avatar).toBeNull();

    const other = (await upload(bob, PNG_1X1, "b.png")).body.url.split("/").pop();
    expect((await moderator.delete(`/api/upload/${other}`)).status).toBe(200);
  });

  it("limits uploads per member per minute", async () => {
    const limited = await createTestApp({ RATE_LIMIT_UPLOADS_PER_MINUTE: "1" });
    try {
      const member = await insertMember(limited.database.db);
      const agent = await signedInAgent(limited.app, member.username);
      expect((await upload(agent, PNG_1X1, "a.png")).status).toBe(201);
      expect((await upload(agent, PNG_1X1, "a.png")).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("does not serve the incoming folder or anything outside the upload folder", async () => {
    expect((await request(t.app).get("/uploads/.incoming")).status).toBe(404);
    expect((await request(t.app).get("/uploads/../package.json")).status).toBe(404);
  });
});
