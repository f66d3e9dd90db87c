import { expect, type Locator, type Page } from "@playwright/test";

/** Waits for a toast with this title and description, and returns it. */
export async function expectToast(page: Page, title: string, description: string): Promise<Locator> {
  const toast = page.getByRole("region", { name: "Toast notifications" }).getByRole("listitem").filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
  return toast;
}
