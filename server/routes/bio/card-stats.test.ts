import { eq } from "drizzle-orm";
import pg from "pg";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { BioAnalytics } from "@shared/types";
import { bioCardDailyReferrers, bioCardDailyViews, bioCardDayVisitors, bioCards } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { BEHIND_PROXY, BROWSER, fromAddress, insertMember, signedInAgent } from "../../test/fixtures";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15";

// The third contract's analytics and counting (docs/product.md "Public card, rendered on the
// server"; docs/decisions/035): unique visitors, referrers and devices, written in batches.
describe("card analytics and buffered counting", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(BEHIND_PROXY);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const cardOwner = async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    const [card] = await t.database.db.select().from(bioCards).where(eq(bioCards.userId, user.id));
    return { user, agent, card: card! };
  };
  type Visitor = { address?: number; userAgent?: string; referer?: string };
  const view = (app: TestApp["app"], username: string, { address = 1, userAgent = BROWSER, referer }: Visitor = {}) => {
    const req = request(app).get(`/api/bio/${username}`).set("User-Agent", userAgent).set(...fromAddress(address));
    return referer === undefined ? req : req.set("Referer", referer);
  };
  const analytics = async (agent: Awaited<ReturnType<typeof signedInAgent>>, days = 7) => {
    await t.visits.flush();
    const res = await agent.get(`/api/bio/analytics?days=${days}`);
    expect(res.status).toBe(200);
    return res.body as BioAnalytics;
  };
  const today = (body: BioAnalytics) => body.days.at(-1)!;
  const viewsOf = async (cardId: number) => (await t.database.db.select().from(bioCards).where(eq(bioCards.id, cardId)))[0]!.viewsCount;

  describe("unique visitors", () => {
    it("are the day's distinct address and user agent pairs", async () => {
      const { user, agent } = await cardOwner();
      for (const visitor of [{}, {}, { userAgent: `${BROWSER} Other` }, { address: 2 }, { address: 2 }, { address: 3, userAgent: MAC }]) {
        expect((await view(t.app, user.username, visitor)).status).toBe(200);
      }
      expect(today(await analytics(agent))).toMatchObject({ views: 4, uniqueVisitors: 4 });
    });

    it("start again with a new day's salt, while a view stays counted once per 24 hours across midnight", async () => {
      const { user, agent, card } = await cardOwner();
      const startOfToday = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      // Seen one second before midnight, yesterday.
      vi.useFakeTimers({ toFake: ["Date"], now: startOfToday - 1000 });
      await view(t.app, user.username);
      await t.visits.flush();
      vi.useRealTimers();
      await view(t.app, user.username);
      const body = await analytics(agent);
      expect(body.days.at(-2)).toMatchObject({ views: 1, uniqueVisitors: 1 });
      expect(today(body)).toMatchObject({ views: 0, uniqueVisitors: 1 });
      expect(await viewsOf(card.id)).toBe(1);
      // Stored under each day's own key: the two days' keys of one visitor cannot be matched.
      const keys = await t.database.db.select().from(bioCardDayVisitors).where(eq(bioCardDayVisitors.cardId, card.id));
      expect(keys).toHaveLength(2);
      expect(keys[0]!.visitorKey).not.toBe(keys[1]!.visitorKey);
    });
  });

  describe("referrers", () => {
    it("are the host of Referer, lowercased, never its path, and direct without a usable one", async () => {
      const { user, agent, card } = await cardOwner();
      const visits: [string | undefined, number][] = [
        ["https://News.Example.COM/story/secret-path?token=hidden#frag", 1],
        ["http://news.example.com:8080/other", 2],
        ["https://user:pw@blog.example.org/", 3],
        [undefined, 4],
        ["", 5],
        ["not a url", 6],
        ["javascript:alert(1)", 7],
        ["ftp://files.example.net/x", 8],
        ["//relative.example/path", 9],
        [`https://${"a".repeat(300)}.example/`, 10],
      ];
      for (const [referer, address] of visits) expect((await view(t.app, user.username, { address, referer })).status).toBe(200);
      const body = await analytics(agent);
      expect(body.referrers).toEqual([
        { source: "direct", views: 7 },
        { source: "news.example.com", views: 2 },
        { source: "blog.example.org", views: 1 },
      ]);
      const stored = JSON.stringify(await t.database.db.select().from(bioCardDailyReferrers).where(eq(bioCardDailyReferrers.cardId, card.id)));
      expect(stored).not.toMatch(/secret|token|hidden|story|pw|8080/);
    });

    it("count counted views only, and list the period's top 10", async () => {
      const { user, agent } = await cardOwner();
      let address = 0;
      // site-0 … site-11: site-n brings n + 1 visitors; each visitor comes twice (counted once).
      for (let site = 0; site < 12; site++) {
        for (let n = 0; n <= site; n++) {
          address++;
          for (let again = 0; again < 2; again++) await view(t.app, user.username, { address, referer: `https://site-${site}.example/page` });
        }
      }
      const body = await analytics(agent, 30);
      expect(body.referrers).toHaveLength(10);
      expect(body.referrers).toEqual(Array.from({ length: 10 }, (_, i) => ({ source: `site-${11 - i}.example`, views: 12 - i })));
      expect(body.totals.views).toBe(78);
    });
  });

  it("split the period's counted views by device, from the user agent", async () => {
    const { user, agent } = await cardOwner();
    for (const [userAgent, address] of [[IPHONE, 1], [ANDROID, 2], [IPAD, 3], [MAC, 4], [BROWSER, 5], [IPHONE, 1]] as const) {
      await view(t.app, user.username, { userAgent, address });
    }
    const body = await analytics(agent);
    expect(body.devices).toEqual({ mobile: 3, desktop: 2 });
    expect(body.totals.views).toBe(5);
  });

  describe("buffered writes", () => {
    it("show a view once its batch is written, which happens within a second without being asked", async () => {
      const { user, card } = await cardOwner();
      const dailyRows = () => t.database.db.select().from(bioCardDailyViews).where(eq(bioCardDailyViews.cardId, card.id));
      expect((await view(t.app, user.username)).status).toBe(200);
      // The timer writes it (VISIT_FLUSH_INTERVAL_MS, 1 s); bounded wait for that to happen.
      for (let tries = 0; tries < 100 && (await viewsOf(card.id)) === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await viewsOf(card.id)).toBe(1);
      expect(await dailyRows()).toMatchObject([{ views: 1, uniqueVisitors: 1 }]);
    });

    it("count a visitor once per 24 hours across two app instances sharing the database, whichever writes first", async () => {
      const other = await createTestApp(BEHIND_PROXY, { database: t.database });
      try {
        const { user, agent, card } = await cardOwner();
        const link = (await agent.post("/api/user/links").send({ title: "Site", url: "https://site.example" })).body as { id: number };
        // 20 visitors, each seen by both instances (a view and a click each), before either writes.
        for (let address = 1; address <= 20; address++) {
          for (const app of [t.app, other.app]) {
            expect((await view(app, user.username, { address })).status).toBe(200);
            expect((await request(app).post(`/api/bio/${user.username}/links/${link.id}/click`).set("User-Agent", BROWSER).set(...fromAddress(address))).status).toBe(204);
          }
        }
        await Promise.all([t.visits.flush(), other.visits.flush()]);
        // Later views by the same visitors, in either instance, count nothing more.
        for (let address = 1; address <= 20; address += 5) await view(other.app, user.username, { address });
        await other.visits.flush();
        const body = await analytics(agent);
        expect(today(body)).toMatchObject({ views: 20, uniqueVisitors: 20, clicks: 20 });
        expect(await viewsOf(card.id)).toBe(20);
      } finally {
        await other.close();
      }
    });

    it("are noted by the request, and written when an instance stops gracefully", async () => {
      // Its timer never fires here, so only the stop can write the batch.
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      const other = await createTestApp(BEHIND_PROXY, { database: t.database });
      const { user, card } = await cardOwner();
      await view(other.app, user.username);
      await view(other.app, user.username, { address: 2 });
      // Noted in memory only: the requests wrote nothing.
      expect(await t.database.db.select().from(bioCardDailyViews).where(eq(bioCardDailyViews.cardId, card.id))).toEqual([]);
      expect(await viewsOf(card.id)).toBe(0);
      await other.close();
      expect(await viewsOf(card.id)).toBe(2);
    });

    it("never hold up the card: it answers while the counting tables are locked, and the counts arrive after", async () => {
      const { user, agent, card } = await cardOwner();
      const link = (await agent.post("/api/user/links").send({ title: "Site", url: "https://site.example" })).body as { id: number };
      const locker = new pg.Client({ connectionString: t.database.url });
      await locker.connect();
      try {
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE bio_card_visitors, bio_card_daily_views, bio_card_day_visitors, bio_link_daily_clicks IN ACCESS EXCLUSIVE MODE");
        expect((await view(t.app, user.username)).status).toBe(200);
        // A batch is now waiting on the lock…
        const writing = t.visits.flush();
        for (let tries = 0; tries < 100; tries++) {
          const waiting = await t.database.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted");
          if (waiting.rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect((await t.database.pool.query("SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted")).rows[0].n).toBeGreaterThan(0);
        // …and the card, its page and the click beacon still answer, for other visitors too.
        expect((await view(t.app, user.username, { address: 2 })).status).toBe(200);
        expect((await request(t.app).get(`/${user.username}`).set("User-Agent", BROWSER).set(...fromAddress(3))).status).toBe(200);
        expect((await request(t.app).post(`/api/bio/${user.username}/links/${link.id}/click`).set("User-Agent", BROWSER).set(...fromAddress(3))).status).toBe(204);
        await locker.query("COMMIT");
        await writing;
      } finally {
        await locker.end();
      }
      const body = await analytics(agent);
      expect(today(body)).toMatchObject({ views: 3, uniqueVisitors: 3, clicks: 1 });
      expect(await viewsOf(card.id)).toBe(3);
    });
  });
});
