import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { MP3_SILENCE, PNG_1X1, QUICKTIME_MOVIE, videoOfSize } from "../../test/files";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";

const MB = 1024 * 1024;

/** bio-card.md "Uploads": each field that holds a file takes only an upload of its kind's media and size. */
describe("file fields take only uploads of their kind", () => {
  let t: TestApp;
  let agent: Agent;
  /** The member's uploads, each sent without a kind (any type, up to 50 MB). */
  const files = {} as Record<"image" | "audio" | "mp4" | "mov" | "video21Mb" | "image6Mb", string>;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    // Random pixels do not compress: stored at about 5.9 MB, over a track cover's 5 MB.
    const noise = await sharp(randomBytes(1400 * 1400 * 3), { raw: { width: 1400, height: 1400, channels: 3 } }).png().toBuffer();
    const sent = { image: PNG_1X1, audio: MP3_SILENCE, mp4: videoOfSize(4000), mov: QUICKTIME_MOVIE, video21Mb: videoOfSize(21 * MB), image6Mb: noise };
    for (const [name, file] of Object.entries(sent)) {
      const res = await agent.post("/api/upload").attach("file", file, { filename: "file.bin", contentType: "application/octet-stream" });
      expect(res.status, name).toBe(201);
      files[name as keyof typeof files] = res.body.url;
    }
  });
  afterAll(() => t.close());

  const saveProfile = (avatar: string) => agent.patch("/api/auth/profile").send({ avatar });
  const saveCard = (field: string, url: string) => agent.patch("/api/bio").send({ [field]: url });
  const refused = (field: string, rule: string) => ({ message: `${field} must ${rule}`, errors: [{ path: field, message: `Must ${rule}` }] });

  it("the profile avatar: images only, not a QuickTime movie or an MP4", async () => {
    for (const video of [files.mov, files.mp4]) {
      const res = await saveProfile(video);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused("avatar", "be an image file"));
    }
    expect((await agent.get("/api/auth/user")).body.avatar).toBeNull();
    const res = await saveProfile(files.image);
    expect(res.status).toBe(200);
    expect(res.body.avatar).toBe(files.image);
  });

  it.each([
    ["bioAvatar", ["audio", "mov"], "be an image file"],
    ["bioBanner", ["audio", "mp4"], "be an image file"],
    ["backgroundImage", ["audio"], "be an image or video file"],
    ["trackCover", ["audio", "mov"], "be an image file"],
    ["trackAudio", ["image", "mp4"], "be an audio file"],
  ] as const)("the card's %s refuses an upload of another media: %s", async (field, wrong, rule) => {
    for (const name of wrong) {
      const res = await saveCard(field, files[name]);
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual(refused(field, rule));
    }
  });

  it("each card field takes an upload of its kind", async () => {
    const right = { bioAvatar: files.image, bioBanner: files.image, backgroundImage: files.mov, trackCover: files.image, trackAudio: files.audio };
    const res = await agent.patch("/api/bio").send(right);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(right);
    expect((await saveCard("backgroundImage", files.image)).status).toBe(200);
  });

  it("refuses a file over the field's size: a 21 MB video as the background (20 MB), a 5.9 MB image as the track cover (5 MB)", async () => {
    expect((await saveCard("backgroundImage", files.video21Mb)).body).toEqual(refused("backgroundImage", "be a file of at most 20 MB"));
    expect((await saveCard("trackCover", files.image6Mb)).body).toEqual(refused("trackCover", "be a file of at most 5 MB"));
    // The same image fits a banner (15 MB).
    expect((await saveCard("bioBanner", files.image6Mb)).status).toBe(200);
  });

  it("a link's custom icon: images only, when the link is added and when it is changed", async () => {
    const link = { title: "Site", url: "https://example.com", iconType: "custom" };
    const added = await agent.post("/api/user/links").send({ ...link, iconUrl: files.mp4 });
    expect(added.status).toBe(400);
    expect(added.body).toEqual(refused("iconUrl", "be an image file"));
    const created = await agent.post("/api/user/links").send({ ...link, iconUrl: files.image });
    expect(created.status).toBe(201);
    const changed = await agent.patch(`/api/user/links/${created.body.id}`).send({ iconUrl: files.audio });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual(refused("iconUrl", "be an image file"));
  });
});
