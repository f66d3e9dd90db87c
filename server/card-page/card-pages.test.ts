import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestApp, type TestApp } from "../test/app";
import { channels } from "../events/channels";
import { shownCard } from "../test/card-page";
import { BROWSER, insertMember, signedInAgent } from "../test/fixtures";

/** Polls `check` (bounded): for what another process hears by NOTIFY, a moment later. */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never: ${what}`);
}

/**
 * The per-process cache of rendered public cards (docs/decisions/041): two app instances on one
 * database, and a third connection that writes as psql or another process would. Every change to
 * what a card shows reaches both instances through the triggers' announcements; a scheduled link
 * shows at its time without any.
 */
describe("rendered public cards, kept per process", () => {
  let one: TestApp;
  let two: TestApp;
  let elsewhere: pg.Pool;
  beforeAll(async () => {
    one = await createTestApp();
    two = await createTestApp({}, { database: one.database });
    elsewhere = new pg.Pool({ connectionString: one.database.url, max: 1 });
    await eventually(() => one.cardPages.cache.isListening && two.cardPages.cache.isListening, "both instances listen");
  });
  afterAll(async () => {
    await elsewhere.end();
    await two.close();
    await one.close();
  });

  const page = (instance: TestApp, username: string, userAgent = BROWSER) => request(instance.app).get(`/${username}`).set("User-Agent", userAgent);
  /**
   * Resolves once both instances have heard every card announcement committed before the call: a
   * marker announced after them arrives after them (NOTIFY is delivered in commit order).
   */
  const announcementsHeard = async () => {
    // A payload of the channel that names no member.
    const marker = `u${2_000_000_000 + Math.floor(Math.random() * 100_000_000)}`;
    const heard = await Promise.all(
      [one, two].map(async (instance) => {
        let arrived = () => {};
        const marked = new Promise<void>((resolve) => (arrived = resolve));
        const stop = await instance.listener.subscribe(channels.cardChanged.name, { notify: (payload) => payload === marker && arrived() });
        return { marked, stop };
      }),
    );
    await elsewhere.query("SELECT pg_notify($1, $2)", [channels.cardChanged.name, marker]);
    for (const { marked, stop } of heard) {
      await marked;
      await stop();
    }
  };
  /**
   * A member with a public card, already viewed by this test's visitor in both instances: a first
   * view counted changes the card (its view count), so that batch is written and heard here, and a
   * repeat view made now is kept.
   */
  const cardOf = async (values: { displayName?: string; showStats?: boolean; showViews?: boolean } = {}) => {
    const user = await insertMember(one.database.db);
    const agent = await signedInAgent(one.app, user.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    expect((await agent.patch("/api/bio").send({ displayName: "First name", ...values })).status).toBe(200);
    for (const instance of [one, two]) expect((await page(instance, user.username)).status).toBe(200);
    await Promise.all([one.visits.flush(), two.visits.flush()]);
    await announcementsHeard();
    return { user, agent };
  };
  /** A write nobody announces: the triggers are off for its transaction (session_replication_role). */
  const unannounced = async (statement: string, values: unknown[]) => {
    const client = await elsewhere.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      await client.query(statement, values);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  };
  const shows = (instance: TestApp, username: string, text: string) => async () => (await page(instance, username)).text.includes(text);

  it("serves a repeat view without reading the card again, and both instances drop it when the card changes", async () => {
    const { user, agent } = await cardOf();
    for (const instance of [one, two]) expect((await page(instance, user.username)).text).toContain("First name");
    // Unannounced, the change is not seen: both instances answer from what they rendered.
    await unannounced("UPDATE bio_cards SET display_name = 'Unannounced' WHERE user_id = $1", [user.id]);
    for (const instance of [one, two]) expect((await page(instance, user.username.toUpperCase())).text).toContain("First name");
    // The owner's edit through instance one reaches instance two as well.
    expect((await agent.patch("/api/bio").send({ displayName: "Second name" })).status).toBe(200);
    for (const instance of [one, two]) await eventually(shows(instance, user.username, "Second name"), "the edited card shows");
  });

  it("keeps a card in every instance when views are counted, showing the count they reached", async () => {
    const { user } = await cardOf({ showStats: true, showViews: true });
    const views = async (instance: TestApp, place: "page" | "api" = "page") => {
      const res = await page(instance, place === "api" ? `api/bio/${user.username}` : user.username);
      return place === "api" ? res.body.viewsCount : Number(shownCard(res.text)?.views);
    };
    for (const instance of [one, two]) expect(await views(instance)).toBe(1);
    await unannounced("UPDATE bio_cards SET display_name = 'Renamed quietly' WHERE user_id = $1", [user.id]);
    for (const visitor of ["another", "a third"]) expect((await page(one, user.username, `${BROWSER} (${visitor} visitor)`)).status).toBe(200);
    await one.visits.flush();
    // The batch's own process shows its count at once; the other hears it on card_views.
    expect(await views(one)).toBe(3);
    expect(await views(one, "api")).toBe(3);
    await eventually(async () => (await views(two)) === 3 && (await views(two, "api")) === 3, "the count reaches the other instance");
    // Neither rendered the card again: the quiet rename is not in it.
    for (const instance of [one, two]) expect((await page(instance, user.username)).text).toContain("First name");
  });

  it.each([
    ["a new link", "INSERT INTO user_links (user_id, title, url, display_order) VALUES ($1, 'Brand new link', 'https://new.example', 0)", "Brand new link"],
    ["the owner's profile text", "UPDATE users SET bio = 'Profile text changed' WHERE id = $1", "Profile text changed"],
    ["the owner's new name", "UPDATE users SET username = username || 'x' WHERE id = $1", "User Not Found"],
    ["a ban", "UPDATE users SET is_banned = true WHERE id = $1", "User Not Found"],
    ["a deletion", "UPDATE users SET deleted_at = now() WHERE id = $1", "User Not Found"],
  ])("drops a card in every instance on %s, whoever wrote it", async (_change, statement, expected) => {
    const { user } = await cardOf();
    for (const instance of [one, two]) expect((await page(instance, user.username)).text).toContain("First name");
    await elsewhere.query(statement, [user.id]);
    for (const instance of [one, two]) await eventually(shows(instance, user.username, expected), `the change shows in both instances`);
  });

  it("keeps a card no later than the next start or end of a link's schedule", async () => {
    const { user, agent } = await cardOf();
    const soon = (ms: number) => new Date(Date.now() + ms).toISOString();
    expect((await agent.post("/api/user/links").send({ title: "Starts soon", url: "https://starts.example", visibleFrom: soon(3_000) })).status).toBe(201);
    expect((await agent.post("/api/user/links").send({ title: "Ends soon", url: "https://ends.example", visibleUntil: soon(4_000) })).status).toBe(201);
    await eventually(async () => {
      const text = (await page(one, user.username)).text;
      return text.includes("Ends soon") && !text.includes("Starts soon");
    }, "the card as it is before the schedule changes");
    await eventually(shows(one, user.username, "Starts soon"), "the scheduled link shows at its start");
    await eventually(async () => !(await page(one, user.username)).text.includes("Ends soon"), "the link ends at its end");
  });
});
