import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_KINDS } from "@shared/constants";
import { uploads } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { servedFile } from "../../test/bytes";
import { MP3_SILENCE, pngOfSize } from "../../test/files";
import { insertMember, signedInAgent, type Agent } from "../../test/fixtures";
import { sweepOrphanUploads } from "../../uploads/sweep";

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;

/** docs/product.md "Forum": images pasted or dropped into a composer are uploads of kind postImage. */
describe("post images", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newMember = async () => {
    const user = await insertMember(t.database.db);
    return { user, agent: await signedInAgent(t.app, user.username) };
  };
  const uploadPostImage = (agent: Agent, file: Buffer, filename = "pasted.png") =>
    agent.post("/api/upload").field("kind", "postImage").attach("file", file, filename);
  const served = (url: string) => servedFile(t.app, url);

  describe("the upload kind", () => {
    let agent: Agent;
    beforeAll(async () => {
      agent = (await newMember()).agent;
    });

    it("is an image kind of 8 MB", () => {
      expect(UPLOAD_KINDS.postImage).toEqual({ maxMb: 8, maxBytes: 8 * MB, media: ["image"] });
    });

    it("takes an image up to 8 MB and refuses more with 413", async () => {
      expect((await uploadPostImage(agent, pngOfSize(8 * MB))).status).toBe(201);
      const tooLarge = await uploadPostImage(agent, pngOfSize(8 * MB + 1));
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toBe("File too large: the maximum for this field is 8 MB");
    });

    it("takes only images: audio is 415", async () => {
      const res = await uploadPostImage(agent, MP3_SILENCE, "song.mp3");
      expect(res.status).toBe(415);
      expect(res.body.message).toBe("Unsupported file type; accepted: image files");
    });

    it("is re-encoded: a phone photo loses its metadata and keeps at most 2048 px on its long side", { timeout: 60_000 }, async () => {
      // A 12-megapixel photo of one colour (small in bytes), with the phone's make and a GPS position in its EXIF.
      const original = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#4a7a3a" } })
        .jpeg()
        .withExif({ IFD0: { Make: "LeakyPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100" } })
        .toBuffer();
      const originalMeta = await sharp(original).metadata();
      expect(originalMeta.exif).toBeDefined();
      const res = await uploadPostImage(agent, original, "photo.jpg");
      expect(res.status).toBe(201);
      const stored = await sharp(await served(res.body.url)).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored).toMatchObject({ width: 2048, height: 1536 });
    });

    it("caps the long side at 2048 px keeping the proportions, and never enlarges", async () => {
      const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#c85028" } }).png().toBuffer();
      expect(await sharp(await served((await uploadPostImage(agent, wide)).body.url)).metadata()).toMatchObject({ width: 2048, height: 1024 });
      const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c85028" } }).png().toBuffer();
      expect(await sharp(await served((await uploadPostImage(agent, small)).body.url)).metadata()).toMatchObject({ width: 300, height: 200 });
    });
  });

  describe("kept while a post, a profile comment or a draft shows it", () => {
    /** Sweeps as if the clock read `hours` from now. */
    const sweepAt = (hours: number) => sweepOrphanUploads(t.database.db, t.storage, new Date(Date.now() + hours * HOUR));
    const smallImage = () => sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } }).png().toBuffer();
    const uploadOne = async (agent: Agent) => {
      const res = await uploadPostImage(agent, await smallImage());
      expect(res.status).toBe(201);
      return res.body.url as string;
    };
    const kept = async (url: string) => {
      const rows = await t.database.db.select().from(uploads).where(eq(uploads.filename, path.basename(url)));
      expect(existsSync(path.join(t.config.UPLOAD_DIR, path.basename(url)))).toBe(rows.length === 1);
      return rows.length === 1;
    };
    const newTopic = async (agent: Agent) => (await agent.post("/api/topics").send({ title: "Pictures" })).body.id as number;

    it("keeps an image while a post shows it; after the post is edited without it, it goes 24 hours on", async () => {
      const { agent } = await newMember();
      const url = await uploadOne(agent);
      const post = await agent.post(`/api/topics/${await newTopic(agent)}/posts`).send({ content: `Look: ![](${url})` });
      expect(post.status).toBe(201);
      expect(await sweepAt(30)).not.toBeNull();
      expect(await sweepAt(30 + 25)).not.toBeNull();
      expect(await kept(url)).toBe(true);

      expect((await agent.patch(`/api/posts/${post.body.id}`).send({ content: "No picture after all" })).status).toBe(200);
      await sweepAt(0);
      expect(await kept(url)).toBe(true);
      await sweepAt(25);
      expect(await kept(url)).toBe(false);
    });

    it("counts an image again once an edit shows it, and lets it go when its post is deleted", async () => {
      const { agent } = await newMember();
      const url = await uploadOne(agent);
      const post = (await agent.post(`/api/topics/${await newTopic(agent)}/posts`).send({ content: "Text first" })).body.id as number;
      expect((await agent.patch(`/api/posts/${post}`).send({ content: `Now with ![a picture](${url})` })).status).toBe(200);
      await sweepAt(30);
      expect(await kept(url)).toBe(true);
      expect((await agent.delete(`/api/posts/${post}`)).status).toBe(200);
      await sweepAt(0);
      await sweepAt(25);
      expect(await kept(url)).toBe(false);
    });

    it("keeps an image a profile comment shows", async () => {
      const { agent } = await newMember();
      const profile = await insertMember(t.database.db);
      const url = await uploadOne(agent);
      expect((await agent.post(`/api/users/${profile.id}/comments`).send({ content: `![](${url})` })).status).toBe(201);
      await sweepAt(30);
      await sweepAt(30 + 25);
      expect(await kept(url)).toBe(true);
    });

    it("keeps an image a private message shows, shown as an image, and lets it go when the message is deleted", async () => {
      const { agent } = await newMember();
      const other = await insertMember(t.database.db);
      const url = await uploadOne(agent);
      const conversation = await agent.post("/api/conversations").send({ usernames: [other.username], content: `![](${url})` });
      expect(conversation.status).toBe(201);
      const messageId = conversation.body.lastMessage.id as number;
      const shown = await agent.get(`/api/conversations/${conversation.body.id}/messages`);
      expect(shown.body.messages[0].html).toContain(`<img src="${url}"`);
      await sweepAt(30);
      await sweepAt(30 + 25);
      expect(await kept(url)).toBe(true);
      expect((await agent.delete(`/api/conversations/${conversation.body.id}/messages/${messageId}`)).status).toBe(200);
      await sweepAt(0);
      await sweepAt(25);
      expect(await kept(url)).toBe(false);
    });

    it("keeps an image its owner's draft shows, and lets it go once the draft is gone", async () => {
      const { agent } = await newMember();
      const url = await uploadOne(agent);
      expect((await agent.put("/api/drafts/new-topic").send({ content: `Working on it ![](${url})` })).status).toBe(204);
      await sweepAt(30);
      await sweepAt(30 + 25);
      expect(await kept(url)).toBe(true);
      expect((await agent.delete("/api/drafts/new-topic")).status).toBe(204);
      await sweepAt(0);
      await sweepAt(25);
      expect(await kept(url)).toBe(false);
    });

    it("is kept only by its owner's own posts and drafts: someone else's naming it does not count", async () => {
      const { agent: owner } = await newMember();
      const { agent: other } = await newMember();
      const url = await uploadOne(owner);
      await other.post(`/api/topics/${await newTopic(other)}/posts`).send({ content: `![](${url})` });
      await other.put("/api/drafts/new-topic").send({ content: `![](${url})` });
      await sweepAt(25);
      expect(await kept(url)).toBe(false);
    });
  });
});
