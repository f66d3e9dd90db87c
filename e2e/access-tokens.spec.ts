import { DIALOG, expectAccessible } from "./support/accessibility";
import { expect, test } from "./support/test";
import { confirmInDialog } from "./support/confirmation";
import { registerMember } from "./support/members";
import { expectToast } from "./support/toasts";

test("a member creates an access token, sees it once, calls the API with it and revokes it", async ({ page, request }) => {
  test.slow(); // two accessibility checks besides the creating, the calls and the revoking
  const account = await registerMember(page, "tok");
  await page.goto("/dashboard");
  // The card comes in a chunk of its own after the dashboard: on a busy machine that takes a while.
  await expect(page.getByText("You have no tokens.")).toBeVisible({ timeout: 15_000 });

  await page.getByLabel("Token name").fill("e2e script");
  await page.getByLabel("Access").selectOption("write");
  await page.getByLabel("Expires after").selectOption("7");
  await page.getByRole("button", { name: "Create token" }).click();
  await confirmInDialog(page, account.password);
  const secret = page.getByTestId("new-token");
  await expect(secret).toHaveText(/^enc_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("button", { name: "Copy token" })).toBeVisible();
  const token = (await secret.textContent())!.trim();
  await expectAccessible(page, "dashboard, a new access token shown");

  const rows = page.getByRole("list", { name: "Access tokens" }).getByTestId("token-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("e2e script");
  await expect(rows.first()).toContainText("Read and write");
  await expect(rows.first()).toContainText("Never used");

  // Another client, with no cookie of the page's: the token alone is the member.
  const me = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).username).toBe(account.username);
  expect(me.headers()["set-cookie"]).toBeUndefined();
  expect((await request.get("/api/auth/sessions", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);

  // Shown once: gone after Done, and not there after a reload.
  await page.getByRole("button", { name: "Done" }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toContainText("Last used", { timeout: 15_000 });
  await expect(page.getByText(token)).toHaveCount(0);

  await rows.first().getByRole("button", { name: "Revoke e2e script" }).click();
  await expect(page.getByRole("button", { name: "Revoke token" })).toBeVisible();
  await expectAccessible(page, "revoke token dialog", DIALOG);
  await page.getByRole("button", { name: "Revoke token" }).click();
  await expectToast(page, "Token revoked", "Anything using it can no longer reach your account");
  await expect(page.getByText("You have no tokens.")).toBeVisible();
  expect((await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});
