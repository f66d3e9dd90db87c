import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@shared/constants";
import { bioCards, uploads, userBadges, userLinks, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { MP3_SILENCE, PNG_1X1 } from "../../test/files";
import { BEHIND_PROXY, fromAddress, insertMember, IS_ADMIN_REFUSED, readUser, signedInAgent, insertCardOwner } from "../../test/fixtures";
import { urlOf } from "../../test/urls";

describe("bio cards", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(BEHIND_PROXY);
  });
  afterAll(() => t.close());

  const cardOf = async (userId: number) => (await t.database.db.select().from(bioCards).where(eq(bioCards.userId, userId)))[0]!;

  it("answers the settings: user, card (null before creating one) and links", async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    const before = await agent.get("/api/bio/settings");
    expect(before.body).toEqual({ user: { id: user.id, username: user.username, avatar: null }, bioCard: null, userLinks: [], fileNames: {} });
    await agent.post("/api/bio");
    const after = await agent.get("/api/bio/settings");
    expect(after.body.bioCard).toMatchObject({ userId: user.id, themeColor: "#6366f1", boxWidth: 500, viewsCount: 0 });
    expect((await request(t.app).get("/api/bio/settings")).status).toBe(401);
    expect((await agent.patch("/api/bio").send({ displayName: "x" })).status).toBe(200);
  });

  it("creates a card with no body or {}, and refuses any field in the body with 400", async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    const refused = await agent.post("/api/bio").send({ isAdmin: true });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(IS_ADMIN_REFUSED);
    expect((await agent.post("/api/bio").send({ viewsCount: 1000 })).status).toBe(400);
    expect((await agent.get("/api/bio/settings")).body.bioCard).toBeNull();
    expect((await readUser(t.database.db, user.id)).isAdmin).toBe(false);
    const created = await agent.post("/api/bio").send({});
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: user.id, viewsCount: 0 });
  });

  it("saves any valid subset, with '' meaning none", async () => {
    const { agent } = await insertCardOwner(t);
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

  it.each(["", "   ", null])("takes a cleared reveal text (%j) as the default 'Reveal Profile'", async (cleared) => {
    const { user, agent } = await insertCardOwner(t);
    expect((await agent.patch("/api/bio").send({ enableRevealScreen: true, revealScreenText: "Step inside" })).body).toMatchObject({ revealScreenText: "Step inside" });
    const res = await agent.patch("/api/bio").send({ revealScreenText: cleared });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enableRevealScreen: true, revealScreenText: "Reveal Profile" });
    expect((await cardOf(user.id)).revealScreenText).toBe("Reveal Profile");
    expect((await request(t.app).get(`/api/bio/${user.username}`)).body).toMatchObject({ revealScreenText: "Reveal Profile" });
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
    const { user, agent } = await insertCardOwner(t);
    const before = await cardOf(user.id);
    const res = await agent.patch("/api/bio").send({ displayName: "changed", ...body });
    expect(res.status).toBe(400);
    expect(await cardOf(user.id)).toEqual(before);
  });

  it("takes file fields only from the member's own uploads", async () => {
    const { user, agent } = await insertCardOwner(t);
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

  it("names the card's files by the names they had on the member's device, cleaned; files stored without one have none", async () => {
    const { agent } = await insertCardOwner(t);
    const upload = async (kind: string, bytes: Buffer, name: string) => {
      const res = await agent.post("/api/upload").field("kind", kind).attach("file", bytes, name);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.url as string;
    };
    const audio = await upload("trackAudio", MP3_SILENCE, "Mein Lied – Fassung 2.mp3");
    // A Windows path's folders are dropped, and so is a right-to-left override (it makes a name read otherwise than it is).
    const cover = await upload("trackCover", PNG_1X1, "C:\\Music\\cover\u202Egnp.exe.png");
    const long = await upload("banner", PNG_1X1, `${"x".repeat(300)}.png`);
    const old = await upload("bioAvatar", PNG_1X1, "old.png");
    // Stored before names were kept.
    await t.database.db.update(uploads).set({ originalName: null }).where(eq(uploads.filename, old.split("/").at(-1)!));
    expect((await agent.patch("/api/bio").send({ trackAudio: audio, trackCover: cover, bioBanner: long, bioAvatar: old })).status).toBe(200);

    const { fileNames } = (await agent.get("/api/bio/settings")).body;
    expect(fileNames).toEqual({ [audio]: "Mein Lied – Fassung 2.mp3", [cover]: "covergnp.exe.png", [long]: "x".repeat(255) });
    // Only the card's own files: one no longer on it is not named.
    expect((await agent.patch("/api/bio").send({ trackAudio: null })).status).toBe(200);
    expect(Object.keys((await agent.get("/api/bio/settings")).body.fileNames)).not.toContain(audio);
  });

  it("answers 404 to saving before a card exists", async () => {
    const agent = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    expect((await agent.patch("/api/bio").send({ displayName: "x" })).status).toBe(404);
  });

  describe("the public card", () => {
    it("shows the card to anyone, with visible links in order and the chosen badges", async () => {
      const { user, agent } = await insertCardOwner(t, { bio: "Profile bio" });
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
      const hidden = await insertCardOwner(t);
      await hidden.agent.patch("/api/bio").send({ isPublic: false });
      expect((await request(t.app).get(`/api/bio/${hidden.user.username}`)).status).toBe(404);
      const banned = await insertCardOwner(t);
      await t.database.db.update(users).set({ isBanned: true, banReason: "x" }).where(eq(users.id, banned.user.id));
      expect((await request(t.app).get(`/api/bio/${banned.user.username}`)).status).toBe(404);
      const gone = await insertCardOwner(t);
      await t.database.db.delete(users).where(eq(users.id, gone.user.id));
      expect((await request(t.app).get(`/api/bio/${gone.user.username}`)).status).toBe(404);
    });

    it("counts a visitor once per 24 hours and never the owner", async () => {
      const { user, agent } = await insertCardOwner(t);
      // Views are written in batches (docs/decisions/035): each is flushed before the count is read.
      const counted = async (visit: Promise<unknown>) => {
        await visit;
        await t.visits.flush();
        return (await cardOf(user.id)).viewsCount;
      };
      const visit = (address: number) => request(t.app).get(`/api/bio/${user.username}`).set("User-Agent", "browser").set(...fromAddress(address)).then();
      expect(await counted(visit(1))).toBe(1);
      // A visitor already counted costs no write: the card's row keeps its version.
      const version = async () => (await t.database.pool.query("SELECT xmin::text AS v FROM bio_cards WHERE user_id = $1", [user.id])).rows[0].v;
      const before = await version();
      expect(await counted(visit(1))).toBe(1);
      expect(await version()).toBe(before);
      expect(await counted(visit(2))).toBe(2);
      expect(await counted(agent.get(`/api/bio/${user.username}`).then())).toBe(2);
      const signedIn = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      expect(await counted(signedIn.get(`/api/bio/${user.username}`).set("User-Agent", "browser C").then())).toBe(3);
      expect(await counted(signedIn.get(`/api/bio/${user.username}`).set("User-Agent", "browser C").then())).toBe(3);
      // A day later the same visitor counts again.
      await t.database.db.execute(`UPDATE bio_card_visitors SET counted_at = now() - interval '25 hours'`);
      expect(await counted(visit(1))).toBe(4);
    });
  });

  it("stores a track URL up to the shared URL limit and refuses a longer one with 400", async () => {
    const { user, agent } = await insertCardOwner(t);
    for (const length of [2030, TEXT_LIMITS.url]) {
      const card = await agent.patch("/api/bio").send({ trackUrl: urlOf(length) });
      expect(card.status, `track URL of ${length}`).toBe(200);
      expect((await cardOf(user.id)).trackUrl).toBe(urlOf(length));
    }
    expect((await agent.patch("/api/bio").send({ trackUrl: urlOf(TEXT_LIMITS.url + 1) })).status).toBe(400);
  });

  it("keeps the 50-links cap under 60 parallel adds", async () => {
    const { user, agent } = await insertCardOwner(t);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => agent.post("/api/user/links").send({ title: `l${i}`, url: "https://example.com" })));
    expect(answers.filter((res) => res.status === 201)).toHaveLength(50);
    expect(answers.filter((res) => res.status === 400)).toHaveLength(10);
    expect(await t.database.db.$count(userLinks, eq(userLinks.userId, user.id))).toBe(50);
  });
});
