import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { servedFile } from "../../test/bytes";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";
import { MP3_SILENCE, phonePhoto } from "../../test/files";

/** docs/product.md "Images": uploaded images are re-encoded, without metadata, capped, still animated. */
describe("uploaded images", () => {
  let t: TestApp;
  let member: Agent;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp();
    owner = (await insertMember(t.database.db)).username;
    member = await signedInAgent(t.app, owner);
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, filename: string, kind?: string) => {
    const req = member.post("/api/upload");
    if (kind) req.field("kind", kind);
    return req.attach("file", file, filename);
  };
  const served = (url: string) => servedFile(t.app, url);
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  const storedFiles = async () => (await readdir(t.config.UPLOAD_DIR)).filter((name) => !name.startsWith("."));

  it("strips EXIF (GPS included), XMP and comments from a photo, and keeps nothing of the original", async () => {
    const photo = await image(800, 600)
      .jpeg()
      .withExif({ IFD0: { Make: "LeakyPhone", Copyright: "SecretOwner" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100" } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>XmpSecret</rdf:Description></rdf:RDF></x:xmpmeta>')
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(photo, "holiday.jpg", "banner");
    expect(res.status).toBe(201);
    const body = await served(res.body.url);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 800, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(body.toString("latin1")).not.toMatch(/LeakyPhone|SecretOwner|XmpSecret|GPS/);
    // Nothing on disk still holds the original bytes.
    for (const name of [...(await storedFiles()), ...(await readdir(path.join(t.config.UPLOAD_DIR, ".incoming")))]) {
      const stored = await readFile(path.join(t.config.UPLOAD_DIR, name)).catch(() => Buffer.alloc(0));
      expect(stored.toString("latin1"), name).not.toContain("LeakyPhone");
    }
  });

  it("turns a photo upright by its EXIF orientation before dropping it", async () => {
    const sideways = await image(300, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const body = await served((await upload(sideways, "portrait.jpg", "banner")).body.url);
    expect(await sharp(body).metadata()).toMatchObject({ width: 100, height: 300 });
    expect((await sharp(body).metadata()).orientation).toBeUndefined();
  });

  it.each([
    ["avatar", 512],
    ["bioAvatar", 512],
    ["linkIcon", 256],
    ["trackCover", 1024],
    ["banner", 2560],
    ["background", 2560],
    [undefined, 2560],
  ])("caps the long side of a %s at %i px, keeping the proportions", async (kind, side) => {
    const wide = await image(3000, 1500).png().toBuffer();
    const res = await upload(wide, "wide.png", kind);
    expect(res.status).toBe(201);
    expect(await sharp(await served(res.body.url)).metadata()).toMatchObject({ width: side, height: side / 2 });
    const tall = await image(600, 3000).webp().toBuffer();
    const capped = await sharp(await served((await upload(tall, "tall.webp", kind)).body.url)).metadata();
    expect(capped).toMatchObject({ format: "webp", height: Math.min(side, 3000), width: Math.round(Math.min(side, 3000) / 5) });
  });

  it("never enlarges a small image", async () => {
    const small = await image(40, 30).png().toBuffer();
    expect(await sharp(await served((await upload(small, "small.png", "banner")).body.url)).metadata()).toMatchObject({ width: 40, height: 30 });
  });

  it("keeps animated GIFs and WebPs animated, resized frame by frame", async () => {
    // Two 600x600 frames, one red and one blue, stacked as pages.
    const frames = Buffer.concat([Buffer.alloc(600 * 600 * 3, Buffer.from([255, 0, 0])), Buffer.alloc(600 * 600 * 3, Buffer.from([0, 0, 255]))]);
    const animated = (format: "gif" | "webp") =>
      sharp(frames, { raw: { width: 600, height: 1200, channels: 3, pageHeight: 600 } })[format]({ loop: 0, delay: [100, 100] }).toBuffer();
    for (const format of ["gif", "webp"] as const) {
      const res = await upload(await animated(format), `moving.${format}`, "avatar");
      expect(res.status, format).toBe(201);
      expect(res.body.url).toMatch(new RegExp(`\\.${format}$`));
      const meta = await sharp(await served(res.body.url)).metadata();
      expect(meta, format).toMatchObject({ format, pages: 2, width: 512, height: 512 });
    }
  });

  it("answers 415 to a file that claims to be an image but does not decode, and stores nothing", async () => {
    const before = await storedFiles();
    const pngSignature = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const broken = [
      [Buffer.concat([pngSignature, Buffer.alloc(4000, 7)]), "broken.png"],
      [Buffer.concat([Buffer.from("ffd8ffe000104a46494600", "hex"), Buffer.alloc(4000, 9)]), "broken.jpg"],
      [Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(4000, 3)]), "broken.gif"],
    ] as const;
    for (const [file, name] of broken) {
      const res = await upload(file, name, "avatar");
      expect(res.status, name).toBe(415);
      expect(res.body.message).toBe("Unsupported file: the image could not be read");
    }
    expect(await storedFiles()).toEqual(before);
    expect(await readdir(path.join(t.config.UPLOAD_DIR, ".incoming"))).toEqual([]);
  });

  it("gives a card whose owner uploaded a phone photo of nearly 25 MB a small re-encoded avatar with no EXIF", { timeout: 60_000 }, async () => {
    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(20 * 1024 * 1024);
    const uploaded = await upload(photo, "IMG_0001.jpg", "avatar");
    expect(uploaded.status).toBe(201);
    expect((await member.patch("/api/auth/profile").send({ avatar: uploaded.body.url })).status).toBe(200);
    expect((await member.post("/api/bio")).status).toBe(201);

    const card = await request(t.app).get(`/api/bio/${owner}`);
    expect(card.body.avatar).toBe(uploaded.body.url);
    const body = await served(card.body.avatar);
    expect(body.length).toBeLessThan(512 * 1024);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 512, height: 384 });
    expect(meta.exif).toBeUndefined();
    expect(body.toString("latin1")).not.toMatch(/LeakyPhone|GPS/);
  });

  it("keeps audio as sent", async () => {
    const res = await upload(MP3_SILENCE, "song.mp3", "trackAudio");
    expect(res.status).toBe(201);
    expect(Buffer.compare(await served(res.body.url), MP3_SILENCE)).toBe(0);
  });
});
