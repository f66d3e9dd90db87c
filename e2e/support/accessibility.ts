import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core's tags for the WCAG 2.1 level A and AA rules. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Waits until every finite animation and transition has ended (a half-faded dialog would be judged
 * on colours it only passes through); endless ones (spinners, sparkles) are left running.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** What a newly shown part of a screen is, to check it alone when the rest was checked already. */
export const DIALOG = '[role="dialog"], [role="alertdialog"]';
export const TOASTS = 'section[aria-label="Toast notifications"]';

/** The site's themes, each checked in every state (docs/product.md "Client behaviour": AA in both). */
const THEMES = ["dark", "light"] as const;

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on the page as it is now (or only on `within`, a selector), in
 * the dark theme and in the light one, then leaves the page in the theme it had. A violation fails
 * the test, softly, so that one walk through many states reports all of them; `state` names the
 * screen and state, and the theme.
 */
export async function expectAccessible(page: Page, state: string, within?: string): Promise<void> {
  const shown = await page.evaluate(() => document.documentElement.getAttribute("data-theme"));
  for (const theme of THEMES) {
    await showTheme(page, theme);
    await checkAccessible(page, `${state} (${theme})`, within);
  }
  await showTheme(page, shown);
}

/**
 * Shows the page in a theme (null: as without one) as public/theme.js does, through <html data-theme>;
 * the browser's kept theme is left alone.
 */
async function showTheme(page: Page, theme: string | null): Promise<void> {
  await page.evaluate((value) => {
    if (value === null) document.documentElement.removeAttribute("data-theme");
    else document.documentElement.setAttribute("data-theme", value);
  }, theme);
}

async function checkAccessible(page: Page, state: string, within?: string): Promise<void> {
  await waitForAnimations(page);
  // Speed, on a shared 2-core machine: legacy mode runs axe in the page itself instead of merging
  // per-frame results in a new blank page (the app has no cross-origin frames to reach), and only
  // violations are collected. Together about 3.5 s less per check.
  const axe = new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ["violations"] }).setLegacyMode();
  // Toasts are judged in the states that show them (`within: TOASTS`): elsewhere one may start
  // fading out during the check and be measured on colours it only passes through.
  if (within) axe.include(within);
  else axe.exclude(TOASTS);
  const { violations } = await axe.analyze();
  const found = violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));
  expect.soft(found, `WCAG 2.1 AA violations: ${state}`).toEqual([]);
}
