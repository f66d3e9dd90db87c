import type { Page, Request } from "@playwright/test";
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

  test("a wrong password shows the Login failed toast", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill(`${PASSWORD}-wrong`);
    await page.getByRole("button", { name: "Login" }).click();

    await expectToast(page, "Login failed", "Invalid username or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  });
});

/** Collects the requests to one API path, to show that nothing was sent. */
function recordRequests(page: Page, apiPath: string): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === apiPath) requests.push(request);
  });
  return requests;
}

test("an empty login says 'Please fill in all fields' under each blank field, with no toast, and sends nothing", async ({ page }) => {
  const logins = recordRequests(page, "/api/auth/login");
  await page.goto("/login");
  await page.getByLabel("Username", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Login" }).click();

  for (const label of ["Username", "Password"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription("Please fill in all fields");
  }
  await expect(page.getByRole("region", { name: "Toast notifications" }).getByRole("listitem")).toHaveCount(0);
  expect(logins).toHaveLength(0);

  // Filled in, the field's message goes as it is typed.
  await page.getByLabel("Username", { exact: true }).fill("someone");
  await expect(page.getByLabel("Username", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
});

test("registration shows the rule a field breaks and sends nothing", async ({ page }) => {
  const registrations = recordRequests(page, "/api/auth/register");
  await page.goto("/register");
  await page.getByLabel("Username", { exact: true }).fill("ab");
  await page.getByLabel("Password", { exact: true }).fill("lowercase1");
  await page.getByLabel("Invite Code", { exact: true }).fill("ABCDEFGHJKMN");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(
    page.getByText("Password must contain at least one uppercase letter, one lowercase letter, and one number"),
  ).toBeVisible();
  expect(registrations).toHaveLength(0);
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
