import { eq } from "drizzle-orm";
import request from "supertest";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { PNG_1X1 } from "../../test/files";
import { BROWSER, insertCardOwner } from "../../test/fixtures";

describe("GET /{username}/og.png, the card's share image", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const shareImage = (username: string) => request(t.app).get(`/${username}/og.png`).set("User-Agent", BROWSER).buffer(true);

  it("is a 1200×630 PNG with an ETag; a matching If-None-Match gets 304, a changed card a new image", async () => {
    const { user, agent } = await insertCardOwner(t);
    const avatar = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png")).body.url;
    await agent.patch("/api/bio").send({ displayName: 'Ada "<Lovelace>" & co', bioText: "</svg><script>alert(1)</script>", themeColor: "#ff00aa", bioAvatar: avatar });

    const first = await shareImage(user.username);
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(await sharp(first.body as Buffer).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await shareImage(user.username).set("If-None-Match", etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);

    await agent.patch("/api/bio").send({ bioText: "Engines and poems" });
    const changed = await shareImage(user.username).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(Buffer.compare(changed.body as Buffer, first.body as Buffer)).not.toBe(0);
  });

  it("is there for a card without an avatar (the initial is drawn)", async () => {
    const { user, agent } = await insertCardOwner(t);
    await agent.patch("/api/bio").send({ showAvatar: false });
    const image = await shareImage(user.username);
    expect(image.status).toBe(200);
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("is 404 for a private, a banned member's and a missing card, and for reserved names", async () => {
    const { user: privateOwner, agent } = await insertCardOwner(t);
    await agent.patch("/api/bio").send({ isPublic: false });
    const { user: banned } = await insertCardOwner(t);
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));

    for (const username of [privateOwner.username, banned.username, "nobody_here_at_all"]) {
      const answer = await shareImage(username);
      expect(answer.status, username).toBe(404);
      expect(answer.headers["content-type"]).not.toBe("image/png");
    }
    expect((await shareImage("api")).status).toBe(404);
  });
});
