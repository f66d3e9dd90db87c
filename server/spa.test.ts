import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app";

describe("the app's pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answer 200 for the app's screens, whatever their parameters and query", async () => {
    for (const path of ["/", "/login", "/forum?x=1", "/c/show-tell", "/tag/rust?filter=top", "/topic/42", "/user/Someone", "/search?q=hello", "/Admin"]) {
      const page = await request(t.app).get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain('src="/app.js"');
    }
  });

  it("answer 404 with the app (its not-found screen) for a path that is neither a screen, the API nor a card", async () => {
    for (const path of ["/foo/bar", "/forum/extra", "/c", "/c/a/b", "/topic/1/2", "/settings", "/a", "/missing.txt"]) {
      const page = await request(t.app).get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('src="/app.js"');
    }
    // A single username-shaped segment stays the card's page, 'User Not Found' when there is none.
    const card = await request(t.app).get("/nosuchuser");
    expect(card.status).toBe(404);
    expect(card.text).toContain('src="/card.js"');
  });
});
