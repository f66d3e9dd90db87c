import { expect, type Page } from "@playwright/test";

/** The dialog a sensitive change opens without a fresh confirmation (docs/product.md "Sensitive changes need a fresh confirmation"). */
export const confirmationDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm your password to continue" });

/** Waits for the password dialog, confirms the password in it and waits for it to close: the change that asked then carries on. */
export async function confirmInDialog(page: Page, password: string): Promise<void> {
  const dialog = confirmationDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/** POST /api/auth/confirm in the page's browser context: its session may make sensitive changes for the next 10 minutes. */
export async function confirmPassword(page: Page, password: string): Promise<void> {
  const response = await page.request.post("/api/auth/confirm", { data: { password } });
  expect(response.status(), await response.text()).toBe(200);
}
