import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { ElementContext } from "axe-core";
import { expect, type Page } from "@playwright/test";

/** axe-core itself, run in the page (see checkAccessible). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

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
  expect.soft(await findViolations(page, within), `WCAG 2.1 AA violations: ${state}`).toEqual([]);
}

/** axe-core's WCAG 2.1 A/AA violations on the page as it is now (or within a selector): rule, help and where. */
export async function findViolations(page: Page, within?: string): Promise<{ rule: string; help: string; nodes: string[] }[]> {
  // Speed, on a shared 2-core machine: axe-core is put in the page once per document and run there
  // directly, as @axe-core/playwright's legacy mode does but without loading its half-megabyte
  // source again for every check (0.2 s a check instead of 0.7 s). The app has no frames to reach.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // Toasts are judged in the states that show them (`within: TOASTS`): elsewhere one may start
  // fading out during the check and be measured on colours it only passes through.
  const context: { include: string[] } | { exclude: string[] } = within ? { include: [within] } : { exclude: [TOASTS] };
  return page.evaluate(
    async ({ context, tags }) => {
      const { axe } = window as unknown as { axe: typeof import("axe-core") };
      const { violations } = await axe.run(context as ElementContext, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return violations.map((violation) => ({
        rule: violation.id,
        help: violation.help,
        nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
      }));
    },
    { context, tags: WCAG_21_AA },
  );
}
