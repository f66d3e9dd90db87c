import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";

describe("cross-site writes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = () => request(t.app).post("/api/auth/login").set("Host", "community.test").send({ username: "x", password: "Wrong1234" });

  it("refuses a write whose Origin is another site", async () => {
    const res = await login().set("Origin", "https://evil.example");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Cross-site request refused" });
  });

  it("refuses a write whose Referer is another site when there is no Origin", async () => {
    expect((await login().set("Referer", "https://evil.example/page")).status).toBe(403);
  });

  it("lets writes from the site itself and from non-browser clients through", async () => {
    expect((await login().set("Origin", "http://community.test")).status).toBe(401);
    expect((await login()).status).toBe(401);
  });

  it("does not restrict reads", async () => {
    const res = await request(t.app).get("/api/auth/user").set("Origin", "https://evil.example");
    expect(res.status).toBe(401);
  });
});
