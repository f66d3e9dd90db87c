import { readFile } from "node:fs/promises";
import { generate } from "otplib";
import { expect, test } from "./support/test";
import { confirmInDialog } from "./support/confirmation";
import { registerMember, signIn } from "./support/members";
import { expectToast } from "./support/toasts";

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test("a member turns on two-factor sign-in and signs in with a code from the app", async ({ page }) => {
  const account = await registerMember(page, "tfa");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click({ timeout: 15_000 });
  // A sensitive change: the password first, then the setup carries on (and enabling follows within the window).
  await confirmInDialog(page, account.password);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();

  await page.getByLabel("Code from the app").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Enable" }).click();
  await expectToast(page, "Two-factor authentication enabled", "Save your recovery codes now");
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByRole("button", { name: "Download" })).toBeVisible();
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("10 recovery codes left")).toBeVisible();

  await page.request.post("/api/auth/logout", { data: {} });
  await page.goto("/login");
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  // The code that enabled it is used up: the next one signs in.
  await page.getByLabel("Authentication code").fill(await codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expectToast(page, "Login successful!", "Welcome back to Enclave");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a member signs out another of their sessions", async ({ page, browser, baseURL }) => {
  const account = await registerMember(page, "ses");
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, account);

  await page.goto("/dashboard");
  const rows = page.getByRole("list", { name: "Sessions" }).getByTestId("session-row");
  // The card comes in a chunk of its own after the dashboard, then asks for the list: on a busy machine that takes a while.
  await expect(rows).toHaveCount(2, { timeout: 15_000 });
  await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);
  await rows.filter({ hasNotText: "This device" }).getByRole("button", { name: /^Sign out / }).click();
  await confirmInDialog(page, account.password);
  await expectToast(page, "Signed out", "That session has been signed out");
  await expect(rows).toHaveCount(1);
  expect((await otherPage.request.get("/api/auth/user")).status()).toBe(401);
  await elsewhere.close();
});

test("a member downloads their data", async ({ page }) => {
  const account = await registerMember(page, "exp");
  await page.goto("/dashboard");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download your data" }).click();
  await confirmInDialog(page, account.password);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-export\.zip$/);
  const zip = await readFile((await download.path())!);
  // A zip's local file header, and account.json inside it.
  expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(zip.includes(Buffer.from("account.json"))).toBe(true);
});
