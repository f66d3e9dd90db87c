import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LINK_WINDOW_MESSAGE } from "@shared/policies/link-schedule";
import type { PublicBioCard, UserLink } from "@shared/types";
import { createTestApp, type TestApp } from "../../test/app";
import { shownCard } from "../../test/card-page";
import { BROWSER, insertCardOwner } from "../../test/fixtures";

const HOUR = 60 * 60 * 1000;

// Scheduled links (docs/product.md "Public card page"): shown from visibleFrom
// (included) until visibleUntil (excluded), elsewhere absent from the card, its page and its clicks.
describe("scheduled links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const memberWithCard = async () => {
    const { user, agent } = await insertCardOwner(t);
    const link = async (title: string, window: object = {}) => {
      const res = await agent.post("/api/user/links").send({ title, url: `https://${title.toLowerCase()}.example`, ...window });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as UserLink;
    };
    return { user, agent, link };
  };
  const publicTitles = async (username: string) =>
    ((await request(t.app).get(`/api/bio/${username}`)).body as PublicBioCard).customLinks.map((link) => link.title);
  const pageTitles = async (username: string) => {
    const page = await request(t.app).get(`/${username}`);
    return shownCard(page.text)!.links.map((link) => link.title);
  };
  const clickStatus = async (username: string, id: number) =>
    (await request(t.app).post(`/api/bio/${username}/links/${id}/click`).set("User-Agent", BROWSER)).status;
  const at = (time: number) => vi.useFakeTimers({ toFake: ["Date"], now: time });

  it("takes a window on creating and editing, answers it as ISO instants, and keeps it in the editor's answer", async () => {
    const { agent, link } = await memberWithCard();
    const created = await link("Sale", { visibleFrom: "2030-01-01T10:00:00+02:00", visibleUntil: "2030-01-02T00:00:00Z" });
    expect(created).toMatchObject({ visibleFrom: "2030-01-01T08:00:00.000Z", visibleUntil: "2030-01-02T00:00:00.000Z" });
    const open = await link("Always");
    expect(open).toMatchObject({ visibleFrom: null, visibleUntil: null });

    const edited = await agent.patch(`/api/user/links/${open.id}`).send({ visibleUntil: "2020-05-01T00:00:00.000Z" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ visibleFrom: null, visibleUntil: "2020-05-01T00:00:00.000Z" });
    // null opens an end again.
    expect((await agent.patch(`/api/user/links/${created.id}`).send({ visibleFrom: null })).body).toMatchObject({ visibleFrom: null });

    const settings = (await agent.get("/api/bio/settings")).body.userLinks as UserLink[];
    expect(settings.map(({ title, visibleFrom, visibleUntil }) => ({ title, visibleFrom, visibleUntil }))).toEqual([
      { title: "Sale", visibleFrom: null, visibleUntil: "2030-01-02T00:00:00.000Z" },
      { title: "Always", visibleFrom: null, visibleUntil: "2020-05-01T00:00:00.000Z" },
    ]);
  });

  it("refuses an end not after the start, on creating and on the link as it would be after an edit", async () => {
    const { agent, link } = await memberWithCard();
    for (const window of [
      { visibleFrom: "2030-01-01T00:00:00Z", visibleUntil: "2030-01-01T00:00:00Z" },
      { visibleFrom: "2030-01-01T00:00:00Z", visibleUntil: "2029-12-31T23:59:59Z" },
      // The same instant written in two offsets is no window either.
      { visibleFrom: "2030-01-01T02:00:00+02:00", visibleUntil: "2030-01-01T00:00:00Z" },
    ]) {
      const res = await agent.post("/api/user/links").send({ title: "x", url: "https://x.example", ...window });
      expect(res.status, JSON.stringify(window)).toBe(400);
      expect(res.body).toEqual({ message: LINK_WINDOW_MESSAGE, errors: [{ path: "visibleUntil", message: LINK_WINDOW_MESSAGE }] });
    }
    const sale = await link("Sale", { visibleFrom: "2030-01-01T00:00:00Z" });
    const edit = await agent.patch(`/api/user/links/${sale.id}`).send({ visibleUntil: "2029-06-01T00:00:00Z" });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe(LINK_WINDOW_MESSAGE);
    expect((await agent.patch(`/api/user/links/${sale.id}`).send({ visibleFrom: null, visibleUntil: "2029-06-01T00:00:00Z" })).status).toBe(200);
  });

  it("refuses what is not an ISO instant with an offset, and years outside 1970–9999", async () => {
    const { agent } = await memberWithCard();
    for (const value of ["tomorrow", "2030-01-01", "2030-01-01T00:00:00", "2030-02-30T00:00:00Z", "0000-01-01T00:00:00Z", "9999-12-31T23:00:00-02:00", 1_900_000_000_000, true, {}]) {
      for (const field of ["visibleFrom", "visibleUntil"]) {
        const res = await agent.post("/api/user/links").send({ title: "x", url: "https://x.example", [field]: value });
        expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.body.errors[0].path).toBe(field);
      }
    }
  });

  it("shows a link on the card, its page and to the click beacon only inside its window, ends included as the rule says", async () => {
    const { user, link } = await memberWithCard();
    const start = Math.ceil(Date.now() / 1000) * 1000 + HOUR;
    const end = start + 2 * HOUR;
    const always = await link("Always");
    const sale = await link("Sale", { visibleFrom: new Date(start).toISOString(), visibleUntil: new Date(end).toISOString() });
    const hidden = await link("Hidden", { isVisible: false });
    const until = await link("Until", { visibleUntil: new Date(end).toISOString() });
    expect(hidden.id).toBeGreaterThan(0);

    const seen = async () => ({ api: await publicTitles(user.username), page: await pageTitles(user.username), click: await clickStatus(user.username, sale.id) });
    // Before the start (to the millisecond): absent, and its click is an unknown link's.
    at(start - 1);
    expect(await seen()).toEqual({ api: ["Always", "Until"], page: ["Always", "Until"], click: 404 });
    // At the start: shown.
    at(start);
    expect(await seen()).toEqual({ api: ["Always", "Sale", "Until"], page: ["Always", "Sale", "Until"], click: 204 });
    at(end - 1);
    expect(await seen()).toEqual({ api: ["Always", "Sale", "Until"], page: ["Always", "Sale", "Until"], click: 204 });
    // At the end: gone, with the link open only at its end.
    at(end);
    expect(await seen()).toEqual({ api: ["Always"], page: ["Always"], click: 404 });
    expect(await clickStatus(user.username, until.id)).toBe(404);
    expect(await clickStatus(user.username, always.id)).toBe(204);
    expect(await clickStatus(user.username, 2_147_483_647)).toBe(404);
  });

  it("counts no click on a link outside its window, as for an unknown link", async () => {
    const { user, agent, link } = await memberWithCard();
    const later = await link("Later", { visibleFrom: new Date(Date.now() + HOUR).toISOString() });
    const res = await request(t.app).post(`/api/bio/${user.username}/links/${later.id}/click`).set("User-Agent", BROWSER);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Link not found" });
    await t.visits.flush();
    expect((await agent.get("/api/bio/analytics?days=7")).body.totals.clicks).toBe(0);
  });
});
