import { expect, type Locator, type Page } from "@playwright/test";

/** Waits for a toast with this title and description, and returns it. */
export async function expectToast(page: Page, title: string, description: string): Promise<Locator> {
  const toast = page.getByRole("region", { name: "Toast notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  // A person reads it and moves the pointer on: toasts hold while hovered, and one that appeared
  // under a pointer left on the button just clicked would otherwise stay over that button.
  await page.mouse.move(0, 0);
  return toast;
}
