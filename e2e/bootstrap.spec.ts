import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectToast } from "./support/toasts";

/** The code the server logged on its first start, on an empty database. */
function setupInviteCode(): string {
  const log = readFileSync(process.env.E2E_SERVER_LOG!, "utf8");
  const code = log.match(/Setup invite code: ([A-Z0-9]{12}) \(the first account registered becomes an administrator\)/)?.[1];
  if (!code) throw new Error(`No setup invite code in the server log:\n${log}`);
  return code;
}

test("the first account registers with the setup code from the log and becomes the administrator", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Username", { exact: true }).fill("Founder");
  await page.getByLabel("Password", { exact: true }).fill("Founder-e2e-1");
  await page.getByLabel("Invite Code", { exact: true }).fill(setupInviteCode());
  await page.getByRole("button", { name: "Register" }).click();

  await expectToast(page, "Registration successful!", "Welcome to Enclave");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("link", { name: "@Founder" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toBeVisible();
});
