import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";

describe("abuse limits", () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two app instances on one database stand for two server processes.
    const limits = { RATE_LIMIT_LOGIN_PER_MINUTE: "4", RATE_LIMIT_REGISTER_PER_HOUR: "2", RATE_LIMIT_API_PER_MINUTE: "1000" };
    first = await createTestApp(limits, { database });
    second = await createTestApp(limits, { database });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
  });

  it("counts login attempts of every outcome across processes, then answers 429 with Retry-After", async () => {
    const attempt = (app: TestApp) => request(app.app).post("/api/auth/login").send({ username: "someone", password: "Wrong1234" });
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    const limited = await attempt(first);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Too many login attempts, please try again in a minute");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
  });

  it("limits registrations per address per hour, invalid ones included", async () => {
    const attempt = () => request(second.app).post("/api/auth/register").send({});
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(59 * 60);
  });

  it("keeps separate counts per client address when a trusted proxy names it", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true", RATE_LIMIT_LOGIN_PER_MINUTE: "1" }, { database });
    try {
      const attempt = (ip: string) =>
        request(proxied.app).post("/api/auth/login").set("X-Forwarded-For", ip).send({ username: "x", password: "Wrong1234" });
      expect((await attempt("203.0.113.1")).status).toBe(401);
      expect((await attempt("203.0.113.1")).status).toBe(429);
      expect((await attempt("203.0.113.2")).status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe("general API limit", () => {
  it("answers 429 past the per-minute limit for any API call", async () => {
    const t = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: "3" });
    try {
      for (let i = 0; i < 3; i++) expect((await request(t.app).get("/api/auth/user")).status).toBe(401);
      expect((await request(t.app).get("/api/auth/user")).status).toBe(429);
      // Health checks are not counted.
      expect((await request(t.app).get("/api/health")).status).toBe(200);
      // Counted in this process's memory: no database write per request.
      const { rows } = await t.database.pool.query("SELECT key FROM rate_limits WHERE key LIKE 'api:%'");
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
