import { eq, sql } from "drizzle-orm";
import type { Request } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bioCardDailyViews, bioCardVisitors, bioCards, bioLinkDailyClicks, users, visitorSalts } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { PNG_1X1 } from "../../test/files";
import { BEHIND_PROXY, BROWSER, fromAddress, insertMember, IS_ADMIN_REFUSED, signedInAgent } from "../../test/fixtures";
import { visitorIdentity, visitorKeys } from "../../visitors/visitor-keys";

const BOTS = [
  "",
  "Googlebot/2.1 (+http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0)",
  "Baiduspider",
  "Mozilla/5.0 (compatible; Yahoo! Slurp)",
  "facebookexternalhit/1.1",
  "Embedly/0.2",
  "Mozilla/5.0 link PREVIEW fetcher",
  "WhatsApp/2.23.20.0",
  "TelegramBot (like TwitterBot)",
  "Mozilla/5.0 (compatible; Discordbot/2.0)",
  "Slackbot-LinkExpanding 1.0",
  "Twitterbot/1.0",
  "LinkedInBot/1.0",
  "SomeCrawler/3.0",
];

describe("bio card views, clicks and analytics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(BEHIND_PROXY);
  });
  afterAll(() => t.close());

  const cardOwner = async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    const link = async (title: string, extra: object = {}) =>
      (await agent.post("/api/user/links").send({ title, url: `https://${title.toLowerCase()}.example`, ...extra })).body as { id: number };
    return { user, agent, link };
  };
  /** A click or view by the visitor at address `visitor` (1 unless given). */
  const click = (username: string, linkId: number, userAgent = BROWSER, visitor = 1) =>
    request(t.app).post(`/api/bio/${username}/links/${linkId}/click`).set("User-Agent", userAgent).set(...fromAddress(visitor));
  const view = (username: string, userAgent = BROWSER, visitor = 1) => request(t.app).get(`/api/bio/${username}`).set("User-Agent", userAgent).set(...fromAddress(visitor));
  /** The views and clicks noted so far, written (they are batched: docs/decisions/035). */
  const written = () => t.visits.flush();
  const analytics = async (agent: Awaited<ReturnType<typeof signedInAgent>>, days?: number) => {
    await written();
    const res = await agent.get(`/api/bio/analytics${days ? `?days=${days}` : ""}`);
    expect(res.status).toBe(200);
    return res.body as {
      days: { date: string; views: number; uniqueVisitors: number; clicks: number }[];
      links: { id: number; title: string; clicks: number }[];
      totals: { views: number; clicks: number };
    };
  };
  const todayUtc = () => new Date().toISOString().slice(0, 10);

  describe("the click beacon", () => {
    it("answers 204 to anyone, with no body, and counts a visitor's click once per 24 hours", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      const res = await click(user.username, site.id);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect((await click(user.username, site.id)).status).toBe(204);
      await click(user.username.toUpperCase(), site.id, BROWSER, 2);
      expect((await analytics(agent)).links).toEqual([{ id: site.id, title: "Site", clicks: 2 }]);

      // 25 hours later the first visitor counts again.
      await t.database.db.update(bioCardVisitors).set({ countedAt: sql`now() - interval '25 hours'` });
      await click(user.username, site.id);
      expect((await analytics(agent)).totals.clicks).toBe(3);
    });

    it("refuses a JSON body with any field, without counting, and takes {}", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      const refused = await click(user.username, site.id).send({ isAdmin: true });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(IS_ADMIN_REFUSED);
      expect((await analytics(agent)).totals.clicks).toBe(0);
      expect((await click(user.username, site.id).send({})).status).toBe(204);
      expect((await analytics(agent)).totals.clicks).toBe(1);
    });

    it("counts a signed-in visitor by their account, whatever their address or browser", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      const visitor = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      for (const [userAgent, address] of [[BROWSER, 1], [`${BROWSER} 2`, 2]] as const) {
        expect((await visitor.post(`/api/bio/${user.username}/links/${site.id}/click`).set("User-Agent", userAgent).set(...fromAddress(address))).status).toBe(204);
      }
      expect((await analytics(agent)).totals.clicks).toBe(1);
    });

    it("keeps the 24 hours across midnight, when the day's salt changes", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      const visitorUser = await insertMember(t.database.db);
      const visitor = await signedInAgent(t.app, visitorUser.username);
      const [card] = await t.database.db.select().from(bioCards).where(eq(bioCards.userId, user.id));
      // Counted an hour ago, yesterday (under yesterday's salt).
      const asVisitor = { user: { id: visitorUser.id }, ip: undefined, get: () => BROWSER } as unknown as Request;
      const yesterday = await visitorKeys(t.database.db, visitorIdentity(asVisitor), null, Date.now() - 86_400_000);
      await t.database.db.insert(bioCardVisitors).values({ cardId: card!.id, linkId: site.id, visitorKey: yesterday.today, countedAt: sql`now() - interval '1 hour'` });
      await visitor.post(`/api/bio/${user.username}/links/${site.id}/click`).set("User-Agent", BROWSER);
      expect((await analytics(agent)).totals.clicks).toBe(0);
      await t.database.db.update(bioCardVisitors).set({ countedAt: sql`now() - interval '25 hours'` });
      await visitor.post(`/api/bio/${user.username}/links/${site.id}/click`).set("User-Agent", BROWSER);
      expect((await analytics(agent)).totals.clicks).toBe(1);
    });

    it("never counts the owner's own clicks", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      expect((await agent.post(`/api/bio/${user.username}/links/${site.id}/click`).set("User-Agent", BROWSER)).status).toBe(204);
      expect((await analytics(agent)).totals.clicks).toBe(0);
    });

    it("never counts bots, for views and clicks alike", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      for (const bot of BOTS) {
        expect((await click(user.username, site.id, bot)).status, bot).toBe(204);
        expect((await view(user.username, bot)).status, bot).toBe(200);
      }
      expect((await analytics(agent)).totals).toEqual({ views: 0, clicks: 0 });
      await view(user.username);
      await written();
      expect((await view(user.username)).body.viewsCount).toBe(1);
    });

    it("answers 404 for a hidden link, another member's link, or a card nobody may see", async () => {
      const { user, agent, link } = await cardOwner();
      const hidden = await link("Hidden", { isVisible: false });
      const other = await cardOwner();
      const theirs = await other.link("Theirs");
      expect((await click(user.username, hidden.id)).status).toBe(404);
      expect((await click(user.username, theirs.id)).status).toBe(404);
      expect((await click(user.username, 0)).status).toBe(404);
      expect((await click("no_such_member", theirs.id)).status).toBe(404);
      await other.agent.patch("/api/bio").send({ isPublic: false });
      expect((await click(other.user.username, theirs.id)).status).toBe(404);
      expect((await analytics(agent)).totals.clicks).toBe(0);
    });

    it("keeps no address, user agent or session in what it stores", async () => {
      const { user, link } = await cardOwner();
      const site = await link("Site");
      await click(user.username, site.id, "Mozilla/5.0 UniqueAgentMarker");
      await view(user.username, "Mozilla/5.0 UniqueAgentMarker");
      await written();
      const stored = JSON.stringify(await t.database.db.select().from(bioCardVisitors));
      expect(stored).not.toMatch(/UniqueAgentMarker|127\.0\.0\.1|::1|::ffff/);
      // The keys are salted by the day: today's salt is stored, none from before yesterday stays.
      expect((await t.database.db.select().from(visitorSalts)).map((salt) => salt.day)).toContain(todayUtc());
    });
  });

  describe("views", () => {
    it("are counted in daily rows, one row a day however many visitors", async () => {
      const { user } = await cardOwner();
      for (let i = 0; i < 5; i++) await view(user.username, BROWSER, 10 + i);
      await written();
      const [card] = await t.database.db.select().from(bioCards).where(eq(bioCards.userId, user.id));
      const rows = await t.database.db.select().from(bioCardDailyViews).where(eq(bioCardDailyViews.cardId, card!.id));
      expect(rows).toEqual([{ cardId: card!.id, day: todayUtc(), views: 5, uniqueVisitors: 5, mobileViews: 0, desktopViews: 5 }]);
      expect(card!.viewsCount).toBe(5);
    });

    // The third contract's visitor is the address and the user agent (docs/decisions/035, which
    // replaces 010's address alone): two browsers behind one address are two visitors.
    it("count an address once per user agent, views and clicks alike", async () => {
      const { user, agent, link } = await cardOwner();
      const site = await link("Site");
      for (const userAgent of [BROWSER, `${BROWSER} other`, BROWSER]) {
        expect((await view(user.username, userAgent)).status).toBe(200);
        expect((await click(user.username, site.id, userAgent)).status).toBe(204);
      }
      expect((await analytics(agent, 7)).totals).toEqual({ views: 2, clicks: 2 });
      expect((await view(user.username, BROWSER, 2)).body.viewsCount).toBe(2);
    });

    // Review M3, reopened by the visitor above: one address rotating its user agent would be a new
    // visitor with every request. CARD_VISITORS_PER_ADDRESS (20) bounds what it adds to a card's day.
    it("take at most 20 new visitors a day from one address, across batches, whatever user agents it rotates", async () => {
      const { user, agent } = await cardOwner();
      const rotating = (n: number) => `${BROWSER} rotating/${n}`;
      for (let n = 0; n < 12; n++) expect((await view(user.username, rotating(n), 60)).status).toBe(200);
      await written();
      for (let n = 12; n < 30; n++) expect((await view(user.username, rotating(n), 60)).status).toBe(200);
      const [day] = (await analytics(agent, 7)).days.slice(-1);
      expect(day).toMatchObject({ views: 20, uniqueVisitors: 20 });

      // Another address still counts; a visitor of the address counted before counts again after 24 hours.
      await view(user.username, rotating(0), 61);
      await t.database.db.update(bioCardVisitors).set({ countedAt: sql`now() - interval '25 hours'` });
      await view(user.username, rotating(0), 60);
      await view(user.username, rotating(99), 60);
      expect((await analytics(agent, 7)).days.slice(-1)[0]).toMatchObject({ views: 22, uniqueVisitors: 21 });
      // Signed-in members are not held to their address's cap.
      const member = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      await member.get(`/api/bio/${user.username}`).set("User-Agent", BROWSER).set(...fromAddress(60));
      expect((await analytics(agent, 7)).days.slice(-1)[0]).toMatchObject({ views: 23, uniqueVisitors: 22 });
    });
  });

  describe("GET /api/bio/analytics", () => {
    it("answers every day of the period with zeros, the links by clicks and the totals", async () => {
      const { user, agent, link } = await cardOwner();
      const first = await link("First");
      const second = await link("Second");
      const hidden = await link("Hidden", { isVisible: false });
      const [card] = await t.database.db.select().from(bioCards).where(eq(bioCards.userId, user.id));
      await view(user.username);
      await click(user.username, second.id);
      await click(user.username, second.id, BROWSER, 2);
      await click(user.username, first.id);
      // Older rows: 10 days ago (inside 30, outside 7) and 100 days ago (outside every period).
      const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
      await t.database.db.insert(bioCardDailyViews).values([{ cardId: card!.id, day: daysAgo(10), views: 7 }, { cardId: card!.id, day: daysAgo(100), views: 50 }]);
      await t.database.db.insert(bioLinkDailyClicks).values([
        { cardId: card!.id, day: daysAgo(10), linkId: first.id, clicks: 4 },
        { cardId: card!.id, day: daysAgo(100), linkId: second.id, clicks: 40 },
      ]);

      const week = await analytics(agent, 7);
      expect(week.days).toHaveLength(7);
      expect(week.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)));
      expect(week.days.slice(0, 6).every((day) => day.views === 0 && day.clicks === 0)).toBe(true);
      expect(week.days[6]).toEqual({ date: todayUtc(), views: 1, uniqueVisitors: 1, clicks: 3 });
      expect(week.totals).toEqual({ views: 1, clicks: 3 });
      expect(week.links).toEqual([
        { id: second.id, title: "Second", clicks: 2 },
        { id: first.id, title: "First", clicks: 1 },
        { id: hidden.id, title: "Hidden", clicks: 0 },
      ]);

      const month = await analytics(agent);
      expect(month.days).toHaveLength(30);
      expect(month.days.find((day) => day.date === daysAgo(10))).toEqual({ date: daysAgo(10), views: 7, uniqueVisitors: 0, clicks: 4 });
      expect(month.totals).toEqual({ views: 8, clicks: 7 });
      expect(month.links.map((entry) => [entry.title, entry.clicks])).toEqual([["First", 5], ["Second", 2], ["Hidden", 0]]);

      const quarter = await analytics(agent, 90);
      expect(quarter.days).toHaveLength(90);
      expect(quarter.totals).toEqual({ views: 8, clicks: 7 });
    });

    it("keeps a deleted link's clicks in the day totals", async () => {
      const { user, agent, link } = await cardOwner();
      const gone = await link("Gone");
      await click(user.username, gone.id);
      await written();
      await agent.delete(`/api/user/links/${gone.id}`);
      const body = await analytics(agent, 7);
      expect(body.links).toEqual([]);
      expect(body.totals.clicks).toBe(1);
    });

    it("answers a new card with zeros only", async () => {
      const { agent } = await cardOwner();
      const body = await analytics(agent, 7);
      expect(body.days.every((day) => day.views === 0 && day.clicks === 0)).toBe(true);
      expect(body).toMatchObject({ links: [], totals: { views: 0, clicks: 0 } });
    });

    it("takes 7, 30 or 90 days only, from the signed-in owner of a card", async () => {
      const { agent } = await cardOwner();
      for (const days of ["1", "31", "abc", "7.5", ""]) {
        const res = await agent.get(`/api/bio/analytics?days=${days}`);
        expect(res.status, days).toBe(400);
        expect(res.body.message).toBeTruthy();
      }
      expect((await request(t.app).get("/api/bio/analytics")).status).toBe(401);
      const cardless = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
      expect((await cardless.get("/api/bio/analytics")).status).toBe(404);
    });
  });

  describe("the card's switches, enforced by the server", () => {
    it("leaves out what the owner switched off", async () => {
      const { user, agent } = await cardOwner();
      const upload = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png")).body.url;
      await t.database.db.update(users).set({ avatar: upload, isOnline: true }).where(eq(users.id, user.id));
      await agent.patch("/api/bio").send({ bioAvatar: upload, showUid: true });
      await view(user.username);
      await written();
      const shown = (await view(user.username)).body;
      expect(shown).toMatchObject({ uid: user.id, viewsCount: 1, isOnline: true, avatar: upload, bioAvatar: upload });

      await agent.patch("/api/bio").send({ showAvatar: false, showViews: false, showUid: false, showBadges: false, showOnlineStatus: false });
      const hidden = (await view(user.username)).body;
      expect(hidden).not.toHaveProperty("uid");
      expect(hidden).not.toHaveProperty("viewsCount");
      expect(hidden).not.toHaveProperty("isOnline");
      expect(hidden).toMatchObject({ avatar: null, bioAvatar: null, badges: [] });
      expect(JSON.stringify(hidden)).not.toContain(upload);
    });
  });
});
