import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createLogger } from "../logger";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { withCredentials } from "../test/database-names";
import { openDatabaseServer } from "./connect";

// The start-up lock is a session's advisory lock: through a transaction pooler it could be taken on
// one server connection and never released from another. It and the migrations go straight to PostgreSQL.
describe("the start-up connection with DATABASE_URL behind a pooler", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const open = (env: Record<string, string>) => openDatabaseServer(loadConfig(env), createLogger({ level: "silent" }), { attachToRunning: false });

  it("migrates on DATABASE_DIRECT_URL, and listens there too", async () => {
    const server = await open({ DATABASE_URL: database.appUrl, DATABASE_DIRECT_URL: database.url });
    expect({ owner: server.url, app: server.appUrl, direct: server.directUrl }).toEqual({ owner: database.url, app: database.appUrl, direct: database.url });
  });

  it("migrates on MIGRATION_DATABASE_URL when it is set, and without either on DATABASE_URL as before", async () => {
    const other = withCredentials(database.url, new URL(database.url).username, decodeURIComponent(new URL(database.url).password));
    expect((await open({ DATABASE_URL: database.appUrl, DATABASE_DIRECT_URL: database.appUrl, MIGRATION_DATABASE_URL: other })).url).toBe(other);
    expect(await open({ DATABASE_URL: database.appUrl })).toMatchObject({ url: database.appUrl, directUrl: database.appUrl });
  });
});
