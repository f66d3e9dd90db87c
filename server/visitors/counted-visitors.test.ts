import type pg from "pg";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestAppWithElsewhere, type TestAppWithElsewhere } from "../test/app";
import { BEHIND_PROXY, BROWSER, fromAddress, insertMember, signedInAgent } from "../test/fixtures";
import { statementsSentDuring } from "../test/statements";

// A visitor already counted in the last 24 hours is remembered, so their reload of a card costs no
// visit statement (server/visitors/counted-visitors.ts); the count itself stays the database's.
describe("visitors remembered as counted", () => {
  let t: TestAppWithElsewhere;
  let elsewhere: pg.Pool;
  beforeAll(async () => {
    t = await createTestAppWithElsewhere(BEHIND_PROXY);
    elsewhere = t.elsewhere;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function cardOwner() {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    return user;
  }
  const view = (username: string) => request(t.app).get(`/api/bio/${username}`).set("User-Agent", BROWSER);

  /** The statements touching bio_card_visitors that one view of the card sends, and the views it shows. */
  async function visitStatementsOfAView(username: string) {
    let views = 0;
    const sent = await statementsSentDuring(t.database.pool, async () => (views = (await view(username).expect(200)).body.viewsCount));
    return { statements: sent.filter((config) => JSON.stringify(config).includes("bio_card_visitors")).length, views };
  }

  it("counts a visitor once, and their reloads cost no visit statement", async () => {
    const owner = await cardOwner();
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 1, views: 1 });
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 0, views: 1 });
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 0, views: 1 });
  });

  it("keeps remembering a visitor while others are counted", async () => {
    const owner = await cardOwner();
    await view(owner.username).expect(200);
    // Another visitor's first view is a counting statement of its own; it uncounts no one.
    await request(t.app).get(`/api/bio/${owner.username}`).set("User-Agent", BROWSER).set(...fromAddress(2)).expect(200);
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 0, views: 2 });
  });

  it("remembers a visitor counted by another process until 24 hours after that, then asks again", async () => {
    const owner = await cardOwner();
    // The first view is counted; then the row is moved back to 5 minutes short of 24 hours, as if
    // another process had counted it then. (Minutes, not hours, of clock moved below: the visitor's
    // key takes a salt of the UTC day, and a longer move would cross midnight near its end.)
    await view(owner.username).expect(200);
    await elsewhere.query("UPDATE bio_card_visitors SET counted_at = now() - interval '24 hours' + interval '5 minutes'");
    // Forgotten (the write was not this process's, but the next one is): asks, is told "counted 23h55 ago".
    await t.database.pool.query("UPDATE bio_card_visitors SET counted_at = counted_at");
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 1, views: 1 });
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 0, views: 1 });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 2 * 60 * 1000);
    expect((await visitStatementsOfAView(owner.username)).statements).toBe(0);
    vi.setSystemTime(Date.now() + 5 * 60 * 1000);
    expect((await visitStatementsOfAView(owner.username)).statements).toBe(1);
  });

  it("forgets what it remembered when this process writes visitors itself, as the hourly prune does", async () => {
    const owner = await cardOwner();
    await view(owner.username).expect(200);
    expect((await visitStatementsOfAView(owner.username)).statements).toBe(0);
    await t.database.pool.query("UPDATE bio_card_visitors SET counted_at = now() - interval '25 hours'");
    expect(await visitStatementsOfAView(owner.username)).toEqual({ statements: 1, views: 2 });
  });
});
