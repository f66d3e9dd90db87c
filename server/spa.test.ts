import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Request } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtClient, firstScreenPreloads, type BuildManifest } from "./spa";
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

describe("the first screen's preloads", () => {
  const manifest: BuildManifest = {
    "index.html": { file: "assets/app.js", imports: ["_cn.js", "_query.js"] },
    "_cn.js": { file: "assets/cn.js" },
    "_query.js": { file: "assets/query.js" },
    "_form.js": { file: "assets/form.js", imports: ["_cn.js", "_zod.js"] },
    "_zod.js": { file: "assets/zod.js" },
    "src/app/routes/auth/login.tsx": { file: "assets/login.js", imports: ["index.html", "_form.js", "_query.js"] },
    "src/app/routes/auth/register.tsx": { file: "assets/register.js", imports: ["index.html", "_form.js"] },
    "src/app/routes/home/landing.tsx": { file: "assets/landing.js", imports: ["index.html", "_cn.js"] },
    "src/app/routes/dashboard/dashboard.tsx": { file: "assets/dashboard.js", imports: ["index.html", "_form.js"] },
  };
  const hrefs = (tags: string) => [...tags.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it("names the signed-out screen's chunk and its imports, less what index.html loads already", () => {
    expect(hrefs(firstScreenPreloads(manifest, "/login", false))).toEqual(["/assets/login.js", "/assets/form.js", "/assets/zod.js"]);
    expect(hrefs(firstScreenPreloads(manifest, "/register", false))).toEqual(["/assets/register.js", "/assets/form.js", "/assets/zod.js"]);
    expect(hrefs(firstScreenPreloads(manifest, "/", false))).toEqual(["/assets/landing.js"]);
  });

  it("preloads the dashboard at / for a request with a session, and nothing for other paths", () => {
    expect(hrefs(firstScreenPreloads(manifest, "/", true))).toEqual(["/assets/dashboard.js", "/assets/form.js", "/assets/zod.js"]);
    expect(hrefs(firstScreenPreloads(manifest, "/login", true))).toEqual(["/assets/login.js", "/assets/form.js", "/assets/zod.js"]);
    for (const path of ["/forum", "/someone", "/login/extra", "/admin"]) expect(firstScreenPreloads(manifest, path, false), path).toBe("");
  });
});

describe("the built client's app page", () => {
  it("carries the first screen's preloads, and the dashboard's at / only with a session cookie", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "spa-"));
    try {
      mkdirSync(path.join(dir, ".vite"));
      writeFileSync(path.join(dir, "index.html"), "<html><head><title>x</title></head><body></body></html>");
      writeFileSync(
        path.join(dir, ".vite/manifest.json"),
        JSON.stringify({
          "index.html": { file: "assets/app.js" },
          "src/app/routes/home/landing.tsx": { file: "assets/landing.js", imports: ["index.html"] },
          "src/app/routes/dashboard/dashboard.tsx": { file: "assets/dashboard.js", imports: ["index.html"] },
        }),
      );
      const { templates } = builtClient({ dir });
      const page = (headers: Record<string, string>) => templates.app({ path: "/", headers } as unknown as Request);
      expect(await page({})).toContain('<link rel="modulepreload" crossorigin href="/assets/landing.js">\n  </head>');
      expect(await page({ cookie: "theme=dark; sid=s%3Aabc" })).toContain('href="/assets/dashboard.js"');
      expect(await page({ cookie: "theme=dark" })).not.toContain("dashboard");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the built client's visitor screens", () => {
  it("go into #root, inert, for a request without a session cookie to their page, with the app's scripts at a low priority", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "spa-"));
    try {
      mkdirSync(path.join(dir, ".vite"));
      writeFileSync(
        path.join(dir, "index.html"),
        '<html><head><script type="module" crossorigin src="/assets/app.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/cn.js"></head><body><div id="root"></div></body></html>',
      );
      writeFileSync(
        path.join(dir, ".vite/manifest.json"),
        JSON.stringify({
          "index.html": { file: "assets/app.js", imports: ["_cn.js"] },
          "_cn.js": { file: "assets/cn.js" },
          "src/app/routes/auth/login.tsx": { file: "assets/login.js", imports: ["index.html"] },
        }),
      );
      writeFileSync(path.join(dir, ".vite/visitor-screens.json"), JSON.stringify({ "/login": "<h1>Welcome back to %SITE_NAME%</h1>" }));
      const { templates } = builtClient({ dir });
      const page = (pathname: string, headers: Record<string, string> = {}) => templates.app({ path: pathname, headers } as unknown as Request);

      const visitor = await page("/login", { cookie: "theme=light" });
      expect(visitor).toContain('<div id="root" inert><h1>Welcome back to %SITE_NAME%</h1></div>');
      expect(visitor).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app.js">');
      expect([...visitor.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g)].map((match) => match[1])).toEqual([
        "/assets/cn.js",
        "/assets/login.js",
      ]);
      // A member's page, and a page no screen was drawn for, are React's alone, their scripts as urgent as ever.
      for (const other of [await page("/login", { cookie: "sid=s%3Aabc" }), await page("/forum")]) {
        expect(other).toContain('<div id="root"></div>');
        expect(other).not.toContain("fetchpriority");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the visitor mark", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("is in the app's page for a request without a session cookie only", async () => {
    expect((await request(t.app).get("/")).text).toContain('<meta name="visitor"');
    expect((await request(t.app).get("/").set("Cookie", "sid=s%3Aended")).text).not.toContain('name="visitor"');
  });
});
