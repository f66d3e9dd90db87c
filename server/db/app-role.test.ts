import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { errorHandler } from "../middlewares/error-handler";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { createDatabase } from "./client";
import { applyStatementTimeout } from "./statement-timeout";

// Every API test runs on the role the server uses (server/test/global-setup.ts gives it the same
// privileges as server/db/app-role.ts): these check what that role may not do.
describe("the server's database role", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const valueOf = async (query: string) => Object.values((await database.pool.query(query)).rows[0] as object)[0];

  it("is not a superuser and runs under a 5 s statement_timeout", async () => {
    expect(await valueOf("SELECT current_setting('is_superuser')")).toBe("off");
    expect(await valueOf("SHOW statement_timeout")).toBe("5s");
  });

  it.each([
    ["create a table", "CREATE TABLE intruder (id int)"],
    ["drop a table", "DROP TABLE users"],
    ["change a table", "ALTER TABLE users ADD COLUMN intruder int"],
    ["empty a table", "TRUNCATE posts"],
    ["read the migration history", "SELECT * FROM drizzle.__drizzle_migrations"],
    ["write the job library's migration history", "INSERT INTO graphile_worker.migrations (id) VALUES (999)"],
    ["add to the job library's schema", "CREATE TABLE graphile_worker.intruder (id int)"],
    ["create a role", "CREATE ROLE intruder"],
    ["read server files", "SELECT pg_read_file('PG_VERSION')"],
  ])("may not %s", async (_what, query) => {
    await expect(database.pool.query(query)).rejects.toMatchObject({ code: "42501" });
  });

  it("reads and writes the app's rows", async () => {
    const { rows } = await database.pool.query("INSERT INTO rate_limits (key, hits, reset_at) VALUES ('role-test', 1, now()) RETURNING hits");
    expect(rows).toEqual([{ hits: 1 }]);
  });
});

// The timeout is the role's setting in its database, not a start-up parameter (PgBouncer refuses
// those): a pool given no settings at all runs under it.
describe("a query the statement timeout cancels", () => {
  let database: TestDatabase;
  let quick: ReturnType<typeof createDatabase>;
  beforeAll(async () => {
    database = await createTestDatabase();
    await applyStatementTimeout(database.appUrl, 200);
    quick = createDatabase(database.appUrl, createLogger({ level: "silent" }));
  });

  it("is sent no session setting in the start-up packet", () => {
    expect(Object.keys(quick.pool.options)).not.toContain("statement_timeout");
    expect(Object.keys(quick.pool.options)).not.toContain("options");
  });
  afterAll(async () => {
    await quick.pool.end();
    await database.drop();
  });

  it("is cancelled by PostgreSQL (57014)", async () => {
    await expect(quick.pool.query("SELECT pg_sleep(2)")).rejects.toMatchObject({ code: "57014" });
  });

  it("answers 503 with a JSON message, not 500", async () => {
    const app = express();
    app.get("/slow", async () => {
      await quick.db.execute("SELECT pg_sleep(2)");
    });
    app.use(errorHandler(createLogger({ level: "silent" })));
    const res = await request(app).get("/slow");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "The request took too long, please try again shortly" });
  });

  it("leaves the pool usable", async () => {
    await expect(quick.pool.query("SELECT 1 AS one")).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

describe("an unreachable database", () => {
  it("answers 503 with a JSON message, not 500", async () => {
    const unreachable = createDatabase("postgres://nobody:secret@127.0.0.1:1/none", createLogger({ level: "silent" }));
    const app = express();
    app.get("/read", async () => {
      await unreachable.pool.query("SELECT 1");
    });
    app.use(errorHandler(createLogger({ level: "silent" })));
    const res = await request(app).get("/read");
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/temporarily unavailable/);
    await unreachable.pool.end();
  });
});
