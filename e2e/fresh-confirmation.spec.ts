import { mkdirSync } from "node:fs";
import { expect, test } from "./support/test";
import { confirmationDialog, confirmInDialog } from "./support/confirmation";
import { createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";
import { expectToast } from "./support/toasts";

// docs/product.md "Sensitive changes need a fresh confirmation".
const SCREENSHOTS = "/work/scratch/fresh-confirmation";

test("changing the email asks for the password in a dialog, then the change is made", async ({ page }) => {
  const member = await registerMember(page, "conf");
  await page.goto("/dashboard");
  const form = page.getByRole("heading", { name: "Contact Information" }).locator("xpath=../..");
  const email = `${member.username.toLowerCase()}@example.org`;
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Save Changes" }).click();

  const dialog = confirmationDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This change needs your password once more. You will not be asked again for 10 minutes.");
  // (A wrong password is said under the field and the dialog stays; Cancel changes nothing: fresh-confirmation.test.tsx.)
  await confirmInDialog(page, member.password);
  await expectToast(page, "Profile updated", "Your contact information has been saved");
  const user = await (await page.request.get("/api/auth/user")).json();
  expect(user).toMatchObject({ email, emailVerified: false });
  expect(Date.parse(user.confirmedUntil)).toBeGreaterThan(Date.now() + 9 * 60_000);

  // Within the window the next change asks nothing.
  await form.getByLabel("Email").fill(`again.${email}`);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect.poll(async () => (await (await page.request.get("/api/auth/user")).json()).email).toBe(`again.${email}`);
  await expect(dialog).toBeHidden();
});

test("a deep link opened signed out leads to /login?next= and, signed in, back to it", async ({ page }, testInfo) => {
  const member = await registerMember(page, "next");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Deep link"));
  await page.request.post("/api/auth/logout");

  await page.goto(`/topic/${topic.id}?page=1`);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/topic/${topic.id}?page=1`)}`);
  await page.getByLabel("Username", { exact: true }).fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`/topic/${topic.id}?page=1`);
  await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();

  // Anything but a site path goes to the dashboard.
  await page.request.post("/api/auth/logout");
  await page.goto(`/login?next=${encodeURIComponent("//evil.example/x")}`);
  await page.getByLabel("Username", { exact: true }).fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The welcome page's Enter Now names no place to come back to.
  await page.request.post("/api/auth/logout");
  await page.goto("/");
  await page.getByRole("link", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the password dialog at 375 and 1440 px, dark and light", async ({ page }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await registerMember(page, "shot");
  for (const width of [375, 1440]) {
    for (const colorScheme of ["dark", "light"] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto("/dashboard");
      await expect(page.getByText("You have no tokens.")).toBeVisible({ timeout: 15_000 });
      await page.getByLabel("Token name").fill("screenshot");
      await page.getByRole("button", { name: "Create token" }).click();
      const dialog = confirmationDialog(page);
      await expect(dialog.getByLabel("Password")).toBeFocused();
      await page.screenshot({ path: `${SCREENSHOTS}/dialog-${width}-${colorScheme}.png` });
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog.getByText("Enter your password")).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/dialog-error-${width}-${colorScheme}.png` });
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  }
});
