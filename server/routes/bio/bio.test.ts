import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@shared/constants";
import { createApp } from "../../app";
import { bioCards, userBadges, userLinks, users } from "../../db/schema";
import { createLogger } from "../../logger";
import { builtClient } from "../../spa";
import { createTestApp, type TestApp } from "../../test/app";
import { PNG_1X1 } from "../../test/files";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";
import { bioCardShareTags } from "./share-tags";

describe("bio cards", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const memberWithCard = async (values: Partial<typeof users.$inferInsert> = {}) => {
    const user = await insertMember(t.database.db, values);
    const agent = await signedInAgent(t.app, user.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    return { user, agent };
  };
  const cardOf = async (userId: number) => (await t.database.db.select().from(bioCards).where(eq(bioCards.userId, userId)))[0]!;

  it("answers the settings: user, card (null before creating one) and links", async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    const before = await agent.get("/api/bio/settings");
    expect(before.body).toEqual({ user: { id: user.id, username: user.username, avatar: null }, bioCard: null, userLinks: [] });
    await agent.post("/api/bio");
    const after = await agent.get("/api/bio/settings");
    expect(after.body.bioCard).toMatchObject({ userId: user.id, themeColor: "#6366f1", boxWidth: 500, viewsCount: 0 });
    expect((await request(t.app).get("/api/bio/settings")).status).toBe(401);
    expect((await agent.patch("/api/bio").send({ displayName: "x" })).status).toBe(200);
  });

  it("saves any valid subset, with '' meaning none", async () => {
    const { agent } = await memberWithCard();
    const res = await agent.patch("/api/bio").send({
      displayName: "Ada",
      bioText: "Hello",
      primaryColor: "#123abc",
      boxWidth: 650,
      enterAnimation: "zoomIn",
      usernameSparkles: "rainbow",
      visibleBadges: ["verified", "verified"],
      trackUrl: "https://example.com/song.mp3",
      showUid: true,
      location: "",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ displayName: "Ada", primaryColor: "#123abc", boxWidth: 650, visibleBadges: ["verified"], showUid: true, location: null });
  });

  it.each([
    [{ primaryColor: "red" }],
    [{ primaryColor: "#12345" }],
    [{ boxWidth: 399 }],
    [{ boxWidth: 430 }],
    [{ boxOpacity: 101 }],
    [{ borderWidth: 1.5 }],
    [{ enterAnimation: "explode" }],
    [{ usernameSparkles: "gold" }],
    [{ displayName: "x".repeat(101) }],
    [{ bioText: "x".repeat(501) }],
    [{ revealScreenText: "x".repeat(51) }],
    [{ trackName: "x".repeat(201) }],
    [{ trackUrl: "javascript:alert(1)" }],
    [{ trackUrl: "ftp://example.com/a.mp3" }],
    [{ visibleBadges: ["wizard"] }],
    [{ viewsCount: 1000 }],
    [{ userId: 1 }],
    [{ showUid: "yes" }],
  ])("refuses %j with 400 and saves nothing", async (body) => {
    const { user, agent } = await memberWithCard();
    const before = await cardOf(user.id);
    const res = await agent.patch("/api/bio").send({ displayName: "changed", ...body });
    expect(res.status).toBe(400);
    expect(await cardOf(user.id)).toEqual(before);
  });

  it("takes file fields only from the member's own uploads", async () => {
    const { user, agent } = await memberWithCard();
    const other = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    const theirs = (await other.post("/api/upload").attach("file", PNG_1X1, "x.png")).body.url;
    const mine = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "x.png")).body.url;
    for (const url of [theirs, "https://tracker.example/pixel.png", "/uploads/../../etc/passwd"]) {
      const res = await agent.patch("/api/bio").send({ bioAvatar: url });
      expect(res.status, url).toBe(400);
    }
    expect((await cardOf(user.id)).bioAvatar).toBeNull();
    expect((await agent.patch("/api/bio").send({ bioAvatar: mine, bioBanner: "" })).body).toMatchObject({ bioAvatar: mine, bioBanner: null });
  });

  it("answers 404 to saving before a card exists", async () => {
    const agent = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    expect((await agent.patch("/api/bio").send({ displayName: "x" })).status).toBe(404);
  });

  describe("the public card", () => {
    it("shows the card to anyone, with visible links in order and the chosen badges", async () => {
      const { user, agent } = await memberWithCard({ bio: "Profile bio" });
      await agent.patch("/api/bio").send({ displayName: "Public Me", visibleBadges: ["verified"] });
      await t.database.db.insert(userBadges).values([{ userId: user.id, badgeType: "verified" }, { userId: user.id, badgeType: "suggestor" }]);
      await agent.post("/api/user/links").send({ title: "Second", url: "https://b.example", displayOrder: 2, iconType: "built-in", iconName: "Github" });
      await agent.post("/api/user/links").send({ title: "First", url: "mailto:me@example.com", displayOrder: 1 });
      await agent.post("/api/user/links").send({ title: "Hidden", url: "https://c.example", isVisible: false });

      const res = await request(t.app).get(`/api/bio/${user.username.toUpperCase()}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ username: user.username, displayName: "Public Me", bio: "Profile bio", avatar: null });
      expect(res.body.customLinks.map((link: { title: string }) => link.title)).toEqual(["First", "Second"]);
      expect(res.body.badges.map((badge: { badgeType: string }) => badge.badgeType)).toEqual(["verified"]);
      expect(res.body).not.toHaveProperty("isPublic");
      expect(JSON.stringify(res.body)).not.toMatch(/password|email/);

      await agent.patch("/api/bio").send({ visibleBadges: null });
      expect((await request(t.app).get(`/api/bio/${user.username}`)).body.badges.map((badge: { badgeType: string }) => badge.badgeType)).toContain("suggestor");
      await agent.patch("/api/bio").send({ showBadges: false });
      expect((await request(t.app).get(`/api/bio/${user.username}`)).body.badges).toEqual([]);
    });

    it("answers 404 for no card, a private card, a banned or a deleted owner", async () => {
      const plain = await insertMember(t.database.db);
      expect((await request(t.app).get(`/api/bio/${plain.username}`)).status).toBe(404);
      const hidden = await memberWithCard();
      await hidden.agent.patch("/api/bio").send({ isPublic: false });
      expect((await request(t.app).get(`/api/bio/${hidden.user.username}`)).status).toBe(404);
      const banned = await memberWithCard();
      await t.database.db.update(users).set({ isBanned: true, banReason: "x" }).where(eq(users.id, banned.user.id));
      expect((await request(t.app).get(`/api/bio/${banned.user.username}`)).status).toBe(404);
      const gone = await memberWithCard();
      await t.database.db.delete(users).where(eq(users.id, gone.user.id));
      expect((await request(t.app).get(`/api/bio/${gone.user.username}`)).status).toBe(404);
    });

    it("counts a visitor once per 24 hours and never the owner", async () => {
      const { user, agent } = await memberWithCard();
      const visit = (userAgent: string) => request(t.app).get(`/api/bio/${user.username}`).set("User-Agent", userAgent);
      expect((await visit("browser A")).body.viewsCount).toBe(1);
      expect((await visit("browser A")).body.viewsCount).toBe(1);
      expect((await visit("browser B")).body.viewsCount).toBe(2);
      expect((await agent.get(`/api/bio/${user.username}`)).body.viewsCount).toBe(2);
      const signedIn = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      expect((await signedIn.get(`/api/bio/${user.username}`).set("User-Agent", "browser C")).body.viewsCount).toBe(3);
      expect((await signedIn.get(`/api/bio/${user.username}`).set("User-Agent", "browser C")).body.viewsCount).toBe(3);
      // A day later the same visitor counts again.
      await t.database.db.execute(`UPDATE bio_card_visitors SET counted_at = now() - interval '25 hours'`);
      expect((await visit("browser A")).body.viewsCount).toBe(4);
    });
  });

  describe("links", () => {
    let owner: { user: { id: number }; agent: Agent };
    beforeAll(async () => {
      owner = await memberWithCard();
    });

    it("adds a link with 201 and refuses bad ones", async () => {
      const res = await owner.agent.post("/api/user/links").send({ title: "Site", url: "https://example.com", iconType: "built-in", iconName: "Globe" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: "Site", iconType: "built-in", iconName: "Globe", isVisible: true, userId: owner.user.id });
      for (const body of [
        { title: "", url: "https://example.com" },
        { title: "x", url: "" },
        { title: "x", url: "javascript:alert(1)" },
        { title: "x", url: "data:text/html,hi" },
        { title: "x".repeat(101), url: "https://example.com" },
        { title: "x", url: "https://example.com", iconType: "built-in", iconName: "NoSuchIcon" },
        { title: "x", url: "https://example.com", iconType: "custom", iconUrl: "https://elsewhere.example/i.png" },
        { title: "x", url: "https://example.com", userId: 1 },
      ]) {
        expect((await owner.agent.post("/api/user/links").send(body)).status, JSON.stringify(body)).toBe(400);
      }
      const missing = await owner.agent.post("/api/user/links").send({ title: " ", url: "https://x.example" });
      expect(missing.body.message).toBe("Please fill in the title and URL");
    });

    it("lets only the owner delete a link (404 for anyone else)", async () => {
      const link = (await owner.agent.post("/api/user/links").send({ title: "Mine", url: "https://example.com" })).body;
      const stranger = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      expect((await stranger.delete(`/api/user/links/${link.id}`)).status).toBe(404);
      expect((await owner.agent.delete(`/api/user/links/${link.id}`)).status).toBe(200);
      expect((await owner.agent.delete(`/api/user/links/${link.id}`)).status).toBe(404);
    });

    it("stores a link URL and a track URL up to the shared limit and refuses a longer one with 400", async () => {
      const { user, agent } = await memberWithCard();
      const urlOf = (length: number) => `https://example.com/${"a".repeat(length - "https://example.com/".length)}`;
      for (const length of [2030, TEXT_LIMITS.url]) {
        const link = await agent.post("/api/user/links").send({ title: "Long", url: urlOf(length) });
        expect(link.status, `link URL of ${length}`).toBe(201);
        expect(link.body.url).toBe(urlOf(length));
        const card = await agent.patch("/api/bio").send({ trackUrl: urlOf(length) });
        expect(card.status, `track URL of ${length}`).toBe(200);
        expect((await cardOf(user.id)).trackUrl).toBe(urlOf(length));
      }
      expect((await agent.post("/api/user/links").send({ title: "Too long", url: urlOf(TEXT_LIMITS.url + 1) })).status).toBe(400);
      expect((await agent.patch("/api/bio").send({ trackUrl: urlOf(TEXT_LIMITS.url + 1) })).status).toBe(400);
    });

    it("allows at most 50 links", async () => {
      const { user, agent } = await memberWithCard();
      await t.database.db.insert(userLinks).values(Array.from({ length: 50 }, (_, i) => ({ userId: user.id, title: `l${i}`, url: "https://example.com" })));
      const res = await agent.post("/api/user/links").send({ title: "one more", url: "https://example.com" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("You can have at most 50 links");
    });
  });

  it("keeps the 50-links cap under 60 parallel adds", async () => {
    const { user, agent } = await memberWithCard();
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => agent.post("/api/user/links").send({ title: `l${i}`, url: "https://example.com" })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(50);
    expect(answers.filter((res) => res.status === 400)).toHaveLength(10);
    expect(await t.database.db.$count(userLinks, eq(userLinks.userId, user.id))).toBe(50);
  });

  describe("share tags in the page of /{username}", () => {
    it("carries Open Graph and Twitter tags, escaped, for a public card only", async () => {
      const { user, agent } = await memberWithCard();
      const avatar = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png")).body.url;
      await agent.patch("/api/bio").send({ displayName: 'Ada "<Lovelace>"', bioText: "Engines & poems", themeColor: "#ff00aa", bioAvatar: avatar });

      const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-spa-"));
      await writeFile(path.join(dir, "index.html"), "<html><head><title>%SITE_NAME%</title></head><body></body></html>");
      try {
        const { app, close } = createApp({
          config: t.config,
          database: t.database,
          logger: createLogger({ level: "silent" }),
          sessionSecret: "test-session-secret-that-is-long-enough",
          mountClient: builtClient(t.config, { dir, headTags: (req) => bioCardShareTags(t.database.db, t.config, req) }).mount,
        });
        const page = await request(app).get(`/${user.username}`).set("Host", "community.test");
        expect(page.status).toBe(200);
        expect(page.text).toContain('<meta property="og:title" content="Ada &quot;&lt;Lovelace&gt;&quot;">');
        expect(page.text).toContain('<meta property="og:description" content="Engines &amp; poems">');
        expect(page.text).toContain(`<meta property="og:image" content="http://community.test${avatar}">`);
        expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
        expect(page.text).toContain('<meta name="theme-color" content="#ff00aa">');
        expect(page.text).not.toContain("<Lovelace>");
        // Without showAvatar the avatar stays out of link previews too.
        await agent.patch("/api/bio").send({ showAvatar: false });
        const withoutAvatar = await request(app).get(`/${user.username}`).set("Host", "community.test");
        expect(withoutAvatar.text).toContain("og:title");
        expect(withoutAvatar.text).not.toContain("og:image");

        const other = await request(app).get("/forum");
        expect(other.text).not.toContain("og:title");
        const nobody = await request(app).get("/no_such_member");
        expect(nobody.text).not.toContain("og:title");
        await close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
