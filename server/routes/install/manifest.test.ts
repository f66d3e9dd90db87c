import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

describe("GET /manifest.webmanifest", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_NAME: "Village Hall" });
  });
  afterAll(() => t.close());

  it("makes the site installable under SITE_NAME, with 192, 512 and maskable icons, standalone from /", async () => {
    const res = await request(t.app).get("/manifest.webmanifest");
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/manifest+json");
    const manifest = JSON.parse(res.text);
    expect(manifest).toMatchObject({ name: "Village Hall", short_name: "Village Hall", start_url: "/", display: "standalone", theme_color: "#0b0c12" });
    expect(manifest.icons).toEqual([
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ]);
  });
});
