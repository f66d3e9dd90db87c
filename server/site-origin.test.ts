import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app";
import { insertMember, signedInAgent } from "./test/fixtures";

const PUBLIC_URL = "https://community.example";

describe("PUBLIC_URL and the Host header", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  it("takes og:url and og:image from PUBLIC_URL, whatever Host the request names", async () => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    expect((await agent.post("/api/bio").set("Origin", PUBLIC_URL)).status).toBe(201);

    const page = await request(t.app).get(`/${user.username}`).set("Host", "attacker.example");
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<meta property="og:url" content="${PUBLIC_URL}/${user.username}">`);
    expect(page.text).toContain(`<meta property="og:image" content="${PUBLIC_URL}/${user.username}/og.png">`);
    expect(page.text).not.toContain("attacker.example");
  });

  it("tells the client the site's origin for shared card URLs: PUBLIC_URL, else the request's own", async () => {
    const page = await request(t.app).get("/dashboard").set("Host", "attacker.example");
    expect(page.text).toContain(`<meta name="public-url" content="${PUBLIC_URL}">`);
    expect(page.text).not.toContain("attacker.example");

    const withoutPublicUrl = await createTestApp({}, { database: t.database });
    try {
      const own = await request(withoutPublicUrl.app).get("/dashboard").set("Host", "community.test:8080");
      expect(own.text).toContain('<meta name="public-url" content="http://community.test:8080">');
    } finally {
      await withoutPublicUrl.close();
    }
  });

  it("allows writes whose Origin is PUBLIC_URL and refuses the request's own Host when it differs", async () => {
    const login = () => request(t.app).post("/api/auth/login").set("Host", "internal:5000").send({ username: "nobody", password: "Wrong1234" });
    expect((await login().set("Origin", PUBLIC_URL)).status).toBe(401);
    expect((await login().set("Origin", "http://internal:5000")).status).toBe(403);
    expect((await login().set("Origin", "http://community.example")).status).toBe(403);
  });

  it.each(["bad host", "evil.example/<script>", "a".repeat(300), "[::1"])("answers a malformed Host (%s) with 400, never 500", async (host) => {
    for (const url of ["/api/auth/user", "/api/health", "/someone", "/uploads/x.png"]) {
      const res = await request(t.app).get(url).set("Host", host);
      expect(res.status, url).toBe(400);
      expect(res.body).toEqual({ message: "Invalid Host header" });
    }
  });
});
