import { expect, test } from "./support/test";
import { linkIn, newestMailTo } from "./support/mail";
import { confirmPassword } from "./support/confirmation";
import { registerMember } from "./support/members";

// Desktop only (playwright.config.ts): the screens are plain forms, laid out as the login screen.
test("a member who forgot their password resets it by mail and signs in with the new one", async ({ page, server }) => {
  const account = await registerMember(page, "reset");
  const email = `${account.username.toLowerCase()}@mail.example`;
  // The address, verified through its mailed link (setting it takes a fresh confirmation).
  await confirmPassword(page, account.password);
  expect((await page.request.patch("/api/auth/profile", { data: { email } })).status()).toBe(200);
  await page.goto(linkIn(await newestMailTo(server.dataDir, email, /Confirm your email/), "/verify-email"));
  await expect(page.getByRole("heading", { name: "Email address verified" })).toBeVisible();
  expect((await page.request.post("/api/auth/logout")).status()).toBe(200);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveTitle("Forgot password | Enclave");
  await page.getByLabel("Username or email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible();

  await page.goto(linkIn(await newestMailTo(server.dataDir, email, /Reset your/), "/reset-password"));
  const newPassword = "Renewed-e2e-Pass2";
  await page.getByLabel("New Password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm New Password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();

  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});
