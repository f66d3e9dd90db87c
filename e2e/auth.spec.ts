import { expect, test } from "./support/test";
import { createInviteCode } from "./support/invite-code";
import { openNavigation } from "./support/navigation";
import { expectToast } from "./support/toasts";

const PASSWORD = "Enclave-e2e-Pass1";

// Both projects run every test against one server: the account name is unique per project and run.
test.describe("a member's account", () => {
  test.describe.configure({ mode: "serial" });
  let username = "";

  test.beforeAll(({}, testInfo) => {
    username = `e2e_${testInfo.project.name.slice(0, 2)}${Date.now().toString(36)}`;
  });

  test("registers with an invite code, logs out and logs back in", { tag: "@phone" }, async ({ page }) => {
    const inviteCode = await createInviteCode();

    await page.goto("/register");
    await expect(page).toHaveTitle("Register | Enclave");
    await expect(page.getByText("This service is invite-only. You need a valid invite code to register.")).toBeVisible();
    await page.getByLabel("Username", { exact: true }).fill(`  ${username} `);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Invite Code", { exact: true }).fill(inviteCode.toLowerCase());
    await page.getByRole("button", { name: "Register" }).click();

    await expectToast(page, "Registration successful!", "Welcome to Enclave");
    await expect(page).toHaveURL(/\/dashboard$/);
    let navigation = await openNavigation(page);
    await expect(navigation.getByRole("link", { name: `@${username}` })).toBeVisible();

    // Signed in, not banned: the login and banned screens send the member to the dashboard.
    for (const path of ["/login", "/banned"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }

    navigation = await openNavigation(page);
    await navigation.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();

    navigation = await openNavigation(page);
    await navigation.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveTitle("Login | Enclave");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();

    await expectToast(page, "Login successful!", "Welcome back to Enclave");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a signed-out visitor opening /forum sees Access Denied", async ({ page }) => {
  await page.goto("/forum");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("You need to log in to access this page")).toBeVisible();
  await expect(page).toHaveTitle("Access Denied | Enclave");

  // Log In comes back here once signed in (e2e/fresh-confirmation.spec.ts follows it through).
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fforum$/);
});

test("the navigation (at 375 px the side menu) takes a visitor to Register and Login", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  let navigation = await openNavigation(page);
  await navigation.getByRole("link", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("dialog")).toBeHidden(); // the side menu closes on a phone

  navigation = await openNavigation(page);
  await navigation.getByRole("link", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});
