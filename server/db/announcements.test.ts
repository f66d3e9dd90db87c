import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { Announcements } from "./announcements";

/** This process hears its own announcements once their transaction commits, with no LISTEN round trip. */
describe("Announcements", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("tells this process's handlers right after commit, nothing before; outside a transaction at once", async () => {
    const announcements = new Announcements({ name: "test_announcements", encode: (text: string) => text, decode: (text) => text });
    const heard: string[] = [];
    const stop = announcements.hearOwn(database.pool, (payload) => heard.push(payload));
    await database.db.transaction(async (tx) => {
      await announcements.announce(tx, "in a transaction");
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["in a transaction"]);
    await announcements.announce(database.db, "alone");
    expect(heard).toEqual(["in a transaction", "alone"]);
    stop();
    await announcements.announce(database.db, "after stopping");
    expect(heard).toEqual(["in a transaction", "alone"]);
  });
});
