import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/**
 * A visitor's first load of a signed-out page (docs/decisions/047-visitor-screens-in-the-html.md):
 * the screen comes drawn in the HTML and React takes it over, so it must be what React draws.
 */

/**
 * `#root` as the browser holds it: its elements with their attributes in one order (the server writes
 * them in another) and React's generated ids made alike (the server and the client name them differently).
 */
const rootMarkup = (page: Page) =>
  page.locator("#root").evaluate((root) => {
    const markup = (node: Node): string => {
      if (node instanceof Text) return node.data;
      if (!(node instanceof Element)) return "";
      const attributes = Array.from(node.attributes).map((attribute) => ` ${attribute.name}="${attribute.value}"`).sort();
      return `<${node.localName}${attributes.join("")}>${Array.from(node.childNodes).map(markup).join("")}</${node.localName}>`;
    };
    return Array.from(root.childNodes).map(markup).join("").replace(/_[rR]_[0-9a-z]+_/g, "_id_");
  });

const HEADINGS = { "/": "Welcome to Enclave", "/login": "Welcome back", "/register": "Create your account" };

for (const [path, heading] of Object.entries(HEADINGS)) {
  test(`${path} paints from the page, as React draws it, with no call to /api/auth/user nor a console error`, { tag: "@phone" }, async ({ browser, page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const userCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/user") userCalls.push(request.url());
    });

    const response = await page.goto(path);
    expect(await response!.text()).toMatch(new RegExp(`<div id="root" inert>.*<h1[^>]*>${heading.replace("Enclave", "(<span[^>]*>)?Enclave")}`, "s"));
    // Inert until React has taken the screen over: then it takes input.
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    const hydrated = await rootMarkup(page);

    // The same page drawn by React alone: a session cookie whose session has ended gets no drawn screen.
    const context = await browser.newContext({ viewport: page.viewportSize() });
    const drawn = await context.newPage();
    await context.addCookies([{ name: "sid", value: "s%3Aended", url: page.url() }]);
    const plain = await drawn.goto(path);
    expect(await plain!.text()).toContain('<div id="root"></div>');
    await expect(drawn.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // Its navigation comes once the server has answered who is signed in (hidden in the side menu on a phone).
    await expect(drawn.locator('nav[aria-label="Main"]')).toBeAttached();
    expect(hydrated).toBe(await rootMarkup(drawn));
    await context.close();

    expect(userCalls).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the visitor's first screen is still checked against the server once the visitor moves on", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  const check = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/auth/user");
  await page.getByRole("link", { name: "Get invited" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
  expect((await (await check).response())?.status()).toBe(401);
});

test("the visitor's first screen is checked against the server again when the window regains focus", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  const check = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/auth/user");
  // What the browser sends as the tab comes back to the front (TanStack Query's focus manager listens for it).
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  expect((await (await check).response())?.status()).toBe(401);
});

test("a visitor's kept theme is the one chosen in the switch once React has the drawn screen", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() => window.localStorage.setItem("theme", "light"));
  await page.goto("/login");
  // Before the first paint, as ever (public/theme.js); the build drew the switch at the default theme.
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await expect(page.getByRole("radio", { name: "Light" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Dark" })).not.toBeChecked();
  expect(errors).toEqual([]);
});
