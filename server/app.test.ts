import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/app";

describe("API conventions", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it("answers malformed JSON with 400 and a JSON message, no stack trace", async () => {
    const res = await request(testApp.app).post("/api/anything").set("Content-Type", "application/json").send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Malformed JSON body" });
    expect(res.text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("answers a JSON body over 100 kB with 413", async () => {
    const body = JSON.stringify({ text: "x".repeat(101 * 1024) });
    const res = await request(testApp.app).post("/api/anything").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Request body too large" });
  });

  it("accepts a JSON body just under 100 kB (and then answers the unknown path with 404)", async () => {
    const body = JSON.stringify({ text: "x".repeat(99 * 1024) });
    const res = await request(testApp.app).post("/api/anything").set("Content-Type", "application/json").send(body);
    expect(res.status).toBe(404);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await request(testApp.app).get("/api/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body).toEqual({ message: "Not found" });
  });

  it("sends the security headers of docs/product.md \"Security baseline\"", async () => {
    const res = await request(testApp.app).get("/api/health").set("Host", "example.test");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/example\.test/);
    expect(csp).toContain("img-src 'self' https: data:;");
    expect(csp).toContain("media-src 'self' https:;");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends HSTS only for requests that came over https through a trusted proxy", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const res = await request(proxied.app).get("/api/health").set("X-Forwarded-Proto", "https");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      const untrusted = await request(testApp.app).get("/api/health").set("X-Forwarded-Proto", "https");
      expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
