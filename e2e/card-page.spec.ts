import { get } from "node:http";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { registerMember } from "./support/members";
import { expect, test } from "./support/test";

// The public card rendered on the server (docs/product.md "Public card page").

/** What docs/product.md "Speed" allows a card without music or video on first load, compressed (images aside). */
const BUDGET_KB = { total: 20, script: 8 };

/** A member's card with a description, a place and links with built-in icons; returns its path. */
async function cardWithLinks(page: Page, fields: Record<string, unknown> = {}): Promise<string> {
  const member = await registerMember(page, "cssr");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const saved = await page.request.patch("/api/bio", { data: { displayName: "Server Card", bioText: "Rendered on the server.", location: "Lisbon", ...fields } });
  expect(saved.status()).toBe(200);
  for (const [title, url, iconName] of [["Portfolio", "https://example.com/", "Globe"], ["Videos", "https://youtube.com/@me", "YouTube"], ["Write to me", "mailto:me@example.com", "Mail"]]) {
    expect((await page.request.post("/api/user/links", { data: { title, url, iconType: "built-in", iconName } })).status()).toBe(201);
  }
  return `/${member.username}`;
}

/** A signed-out visitor's page, with or without JavaScript. */
async function visitor(page: Page, testInfo: TestInfo, javaScriptEnabled: boolean): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await page.context().browser()!.newContext({ baseURL, viewport, isMobile, hasTouch, javaScriptEnabled });
  return context.newPage();
}

/** The bytes a URL's answer takes on the wire with brotli offered (node's http does not decode). */
function transferred(url: string): Promise<{ bytes: number; body: string; type: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 budget" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        resolve({ bytes: raw.length, body: res.headers["content-encoding"] ? "" : raw.toString(), type: String(res.headers["content-type"]) });
      });
    }).on("error", reject);
  });
}

test.describe("the server-rendered public card", () => {
  test("without JavaScript a visitor sees the name, avatar, description, place, badges and every link as a real <a href>, and no reveal screen", async ({ page }, testInfo) => {
    const path = await cardWithLinks(page, { enableRevealScreen: true, revealScreenText: "Knock first" });
    const noScript = await visitor(page, testInfo, false);
    const response = await noScript.goto(path);
    expect(response?.status()).toBe(200);
    const card = noScript.getByTestId("bio-card");
    await expect(card.getByRole("heading", { level: 1, name: "Server Card" })).toBeVisible();
    await expect(card.getByTestId("card-bio")).toHaveText("Rendered on the server.");
    await expect(card.getByText("Lisbon")).toBeVisible();
    await expect(card.getByRole("listitem").filter({ has: noScript.locator("[data-badge]") })).not.toHaveCount(0);
    await expect(noScript.getByTestId("reveal-screen")).toBeHidden();
    const links = card.getByRole("list", { name: "Links" }).getByRole("link");
    await expect(links).toHaveCount(3);
    expect(await links.evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute("href")]))).toEqual([
      ["Portfolio", "https://example.com/"],
      ["Videos", "https://youtube.com/@me"],
      ["Write to me", "mailto:me@example.com"],
    ]);
    // The initial stands in for an avatar the member has not uploaded; an uploaded one is an <img> (card-page.test.ts).
    await expect(card.getByText("C", { exact: true }).or(card.locator("img[alt$=\"'s avatar\"]"))).not.toHaveCount(0);
    await noScript.context().close();
  });

  test(`a card without music or video is at most ${BUDGET_KB.total} kB compressed on first load, ${BUDGET_KB.script} kB of it script`, async ({ page }, testInfo) => {
    const path = await cardWithLinks(page);
    const base = testInfo.project.use.baseURL!;
    const html = await transferred(`${base}${path}`);
    const plain = await page.request.get(path);
    const document = await plain.text();
    // Everything the page loads before it is complete: its stylesheets, its script and what that imports.
    const styles = [...document.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
    const scripts = [...document.matchAll(/<script type="module"[^>]* src="([^"]+)"/g), ...document.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1]!);
    expect(styles).not.toHaveLength(0);
    expect(scripts).not.toHaveLength(0);
    const sizes = async (urls: string[]) => (await Promise.all(urls.map((url) => transferred(new URL(url, base).href)))).reduce((sum, answer) => sum + answer.bytes, 0);
    const [css, js] = [await sizes(styles), await sizes(scripts)];
    console.log(`card first load: HTML ${(html.bytes / 1024).toFixed(1)} kB, CSS ${(css / 1024).toFixed(1)} kB, JS ${(js / 1024).toFixed(1)} kB, compressed`);
    expect(js / 1024).toBeLessThanOrEqual(BUDGET_KB.script);
    expect((html.bytes + css + js) / 1024).toBeLessThanOrEqual(BUDGET_KB.total);
  });

  test("has what Lighthouse's SEO and best-practice audits read, and passes axe with the reveal screen and after it", { tag: "@phone" }, async ({ page }, testInfo) => {
    const path = await cardWithLinks(page, { enableRevealScreen: true });
    const visit = await visitor(page, testInfo, true);
    await visit.goto(path);
    await expect(visit.locator("html")).toHaveAttribute("lang", "en");
    await expect(visit.locator('meta[name="viewport"]')).toHaveAttribute("content", /width=device-width/);
    await expect(visit).toHaveTitle(/^Server Card \| /);
    await expect(visit.locator('meta[name="description"]')).toHaveAttribute("content", "Rendered on the server.");
    await expect(visit.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(visit.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`${path}/og\\.png$`));
    // No CSP reports or errors while it loads and runs.
    const problems: string[] = [];
    visit.on("console", (message) => message.type() === "error" && problems.push(message.text()));
    visit.on("pageerror", (error) => problems.push(error.message));

    await expect(visit.getByTestId("reveal-screen")).toBeFocused();
    await expectAccessible(visit, "card: reveal screen");
    await visit.getByTestId("reveal-screen").click();
    await expect(visit.getByTestId("reveal-screen")).toHaveCount(0);
    await expectAccessible(visit, "card: revealed");
    // Tap targets: every link of the card is at least 48 px tall.
    for (const box of await visit.getByRole("list", { name: "Links" }).getByRole("link").evaluateAll((anchors) => anchors.map((a) => a.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(48);
    }
    expect(problems).toEqual([]);
    await visit.context().close();
  });

  // One markup (shared/bio-card/card-view.tsx) in two stylesheets: the app's (the preview) and the card page's.
  test("the editor's preview draws the card as the public page does", async ({ page }, testInfo) => {
    const path = await cardWithLinks(page, { showStats: true, showViews: true, showOnlineStatus: false });
    /** Each element's colours, borders and type, in document order (sizes differ: the preview is at most 400 px wide). */
    const looks = (card: Locator) =>
      card.evaluate((root) =>
        [root, ...Array.from(root.querySelectorAll("*"))].map((element) => {
          const style = getComputedStyle(element);
          return [style.color, style.backgroundColor, style.borderTopColor, style.borderTopWidth, style.borderRadius, style.fontSize, style.fontWeight, style.display].join(" ");
        }),
      );
    await page.goto("/bio");
    const preview = await looks(page.getByTestId("card-preview").getByTestId("bio-card"));
    const visit = await visitor(page, testInfo, true);
    await visit.goto(path);
    expect(preview).toEqual(await looks(visit.getByTestId("bio-card")));
    await visit.context().close();
  });

  test("a missing card is a 404 with User Not Found, without JavaScript too", async ({ page }, testInfo) => {
    const noScript = await visitor(page, testInfo, false);
    const response = await noScript.goto("/nobody_has_this_card");
    expect(response?.status()).toBe(404);
    await expect(noScript.getByRole("heading", { name: "User Not Found" })).toBeVisible();
    await expect(noScript.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    await noScript.context().close();
  });
});
