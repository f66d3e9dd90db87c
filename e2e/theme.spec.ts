import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerMember } from "./support/members";
import { openNavigation } from "./support/navigation";
import { MOBILE_BREAKPOINT_PX } from "../client/src/lib/ui-constants";

// The theme (docs/product.md "Client behaviour"): system (the browser's preference) by default, dark
// or light; kept in the browser and, for a member, on the account; on screen before the first paint.
test.describe.configure({ timeout: 90_000 });
// A light-preferring browser, stated rather than left to Playwright's default.
test.use({ colorScheme: "light" });

/** The page's background as painted: the body's, from the theme's tokens (client/src/index.css). */
const BACKGROUND = { dark: "rgb(11, 12, 18)", light: "rgb(244, 245, 249)" } as const;

const shownTheme = (page: Page) => page.locator("html");
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const inSideMenu = (page: Page) => page.viewportSize()!.width < MOBILE_BREAKPOINT_PX;

/** Chooses a theme in the navigation: the top bar's switch on wide screens, the side menu's on phones. */
async function chooseTheme(page: Page, name: "Dark" | "Light" | "System") {
  const navigation = await openNavigation(page);
  await navigation.getByRole("radio", { name }).check();
  if (inSideMenu(page)) await page.keyboard.press("Escape");
}

/**
 * Loads `path` with the app's scripts held back, and returns the theme <html> carries and the body's
 * background once the stylesheet is in: what the first paint shows, before the app could have run.
 */
async function firstPaint(page: Page, path: string): Promise<{ theme: string | null; background: string; appRan: boolean }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holdScripts = /\/assets\/[^/]+\.js$/;
  // Only this load's scripts are held: the page before it has nothing left in flight.
  await page.waitForLoadState("networkidle");
  await page.route(holdScripts, async (route) => {
    await held;
    // A request the navigation cancelled meanwhile has nothing to continue.
    await route.continue().catch(() => {});
  });
  await page.goto(path, { waitUntil: "commit" });
  // Parsed (public/theme.js has run, it blocks the parser), the app's module not yet run, the stylesheet applied.
  await page.waitForFunction(() => document.readyState !== "loading" && getComputedStyle(document.body).backgroundColor !== "rgba(0, 0, 0, 0)");
  const seen = await page.evaluate(() => ({
    theme: document.documentElement.getAttribute("data-theme"),
    background: getComputedStyle(document.body).backgroundColor,
    // A visitor's page comes with its screen drawn in #root, inert until the app has taken it over (ADR 047).
    appRan: (({ childElementCount, inert }) => childElementCount > 0 && !inert)(document.getElementById("root")!),
  }));
  release();
  // Once the held scripts have gone on their way.
  await page.unrouteAll({ behavior: "wait" });
  await page.waitForLoadState("load");
  return seen;
}

test("a visitor's theme applies at once, is kept by the browser and is on screen before the app runs", { tag: "@phone" }, async ({ page }) => {
  // Nothing chosen yet: the browser's preference (light here), with System checked.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
  expect(await background(page)).toBe(BACKGROUND.light);
  const opened = await openNavigation(page);
  await expect(opened.getByRole("radio", { name: "System" })).toBeChecked();
  if (inSideMenu(page)) await page.keyboard.press("Escape");

  await chooseTheme(page, "Dark");
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  await expect.poll(() => background(page)).toBe(BACKGROUND.dark);

  // Before the first paint: a classic script in <head>, ahead of the stylesheet and the app, neither
  // async nor deferred, so the parser (and the painting) waits for it ...
  const themeScript = await page.evaluate(() => {
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/theme.js"]');
    const first = document.head.querySelector('link[rel="stylesheet"], script[type="module"], link[rel="modulepreload"]');
    return script && { async: script.async, defer: script.defer, type: script.type, beforeStylesAndApp: !!first && !!(script.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) };
  });
  expect(themeScript).toEqual({ async: false, defer: false, type: "", beforeStylesAndApp: true });
  // ... and the theme is on <html> and painted with the app's scripts still held back.
  expect(await firstPaint(page, "/login")).toEqual({ theme: "dark", background: BACKGROUND.dark, appRan: false });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  const navigation = await openNavigation(page);
  await expect(navigation.getByRole("radio", { name: "Dark" })).toBeChecked();
  if (inSideMenu(page)) await page.keyboard.press("Escape");

  await chooseTheme(page, "Light");
  expect(await firstPaint(page, "/")).toEqual({ theme: "light", background: BACKGROUND.light, appRan: false });
});

test("system, the default, follows the device's colour scheme as it changes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  await chooseTheme(page, "Light");
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
  await chooseTheme(page, "System");
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
  await expect.poll(() => background(page)).toBe(BACKGROUND.light);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "dark");
  // Before the first paint too.
  await page.emulateMedia({ colorScheme: "light" });
  expect(await firstPaint(page, "/")).toEqual({ theme: "light", background: BACKGROUND.light, appRan: false });
});

test("a member's theme is saved on the account from the settings, and a new browser takes it at sign-in", async ({ page, browser }, testInfo) => {
  const member = await registerMember(page, "theme");
  expect(((await (await page.request.get("/api/auth/user")).json()) as { theme: string }).theme).toBe("system");
  await page.goto("/dashboard");
  const appearance = page.getByRole("group", { name: "Theme" }).last();
  await expect(appearance.getByRole("radio", { name: "System" })).toBeChecked();
  await appearance.getByRole("radio", { name: "Light" }).check();
  await expect(shownTheme(page)).toHaveAttribute("data-theme", "light");
  await expect.poll(async () => ((await (await page.request.get("/api/auth/user")).json()) as { theme: string }).theme).toBe("light");

  // Another browser, a dark-preferring one: dark until it signs in, then the account's theme, kept for its next visits.
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const other = await (await browser.newContext({ baseURL, viewport, isMobile, hasTouch, colorScheme: "dark" })).newPage();
  await other.goto("/login");
  await expect(shownTheme(other)).toHaveAttribute("data-theme", "dark");
  await other.getByLabel("Username", { exact: true }).fill(member.username);
  await other.getByLabel("Password", { exact: true }).fill(member.password);
  await other.getByRole("button", { name: "Login" }).click();
  await expect(other).toHaveURL(/\/dashboard$/);
  await expect(shownTheme(other)).toHaveAttribute("data-theme", "light");
  expect(await firstPaint(other, "/forum")).toEqual({ theme: "light", background: BACKGROUND.light, appRan: false });

  // The navigation's switch saves it too.
  await chooseTheme(other, "System");
  await expect.poll(async () => ((await (await other.request.get("/api/auth/user")).json()) as { theme: string }).theme).toBe("system");
  await other.context().close();
});
