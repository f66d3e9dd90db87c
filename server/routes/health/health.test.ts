import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createDatabase } from "../../db/client";
import { createLogger } from "../../logger";
import { createTestApp, type TestApp } from "../../test/app";

describe("GET /api/health", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("answers 200 when the database answers", async () => {
    const res = await request(testApp.app).get("/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok" });
  });

  it("answers 503 with a message when the database is unreachable", async () => {
    const logger = createLogger({ level: "silent" });
    const unreachable = createDatabase("postgres://nobody:secret@127.0.0.1:1/none", logger);
    const { app, close } = createApp({ config: testApp.config, database: unreachable, logger, sessionSecret: "x".repeat(32) });
    const res = await request(app).get("/api/health");
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Database unavailable");
    await close();
    await unreachable.pool.end();
  });
});
