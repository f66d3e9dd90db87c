import { expect, type Locator, type Page } from "@playwright/test";
import { MOBILE_BREAKPOINT_PX } from "../../client/src/lib/ui-constants";

/**
 * Where the links and the account area are: the top bar on wide screens; below the breakpoint the
 * side menu, which this opens.
 */
export async function openNavigation(page: Page): Promise<Locator> {
  const width = page.viewportSize()?.width ?? MOBILE_BREAKPOINT_PX;
  if (width >= MOBILE_BREAKPOINT_PX) return page.getByRole("banner");
  await page.getByRole("button", { name: "Open menu" }).click();
  // The menu's code loads on its first opening: wait until it is there.
  const menu = page.getByRole("dialog");
  await expect(menu).toBeVisible();
  return menu;
}
