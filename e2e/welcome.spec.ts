import { expect, test } from "./support/test";
import { createInviteCode } from "./support/invite-code";
import { registerMember, uniqueUsername } from "./support/members";
import { openNavigation } from "./support/navigation";

test("a visitor opening / sees the welcome page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();
  await expect(page.getByText("Please log in to view the site content")).toBeVisible();
  await expect(page).toHaveTitle("Welcome | Enclave");

  await page.getByRole("link", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByRole("link", { name: "Get Invited" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("the page fits the viewport without sideways scrolling", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an unknown path is a 404: a visitor sees the welcome page, a member 'Page Not Found' with ways on; one segment is a card's name", async ({ page }) => {
  const signedOut = await page.goto("/foo/bar");
  expect(signedOut?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome to Enclave" })).toBeVisible();
  await expect(page.getByText("Please log in to view the site content")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Get Invited" })).toHaveAttribute("href", "/register");
  await page.getByRole("link", { name: "Enter Now" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await registerMember(page, "lost");
  const signedIn = await page.goto("/forum/nothing/here");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | Enclave");
  await expect(page.getByRole("main").getByRole("link", { name: "Forum" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // A single username-shaped segment is a member's card: 'User Not Found' when there is none.
  const card = await page.goto(`/${uniqueUsername("nou")}`);
  expect(card?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
});

test("the signed-out pages have a description, robots.txt is a real one, and no CSP report is made", async ({ page }) => {
  const robots = await page.request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain("Disallow: /api/");

  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspReports: string[] }).cspReports = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  await page.goto("/login");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /an invite-only community/);
  // A submit runs the form's zod schema, where zod would probe eval.
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspReports: string[] }).cspReports)).toEqual([]);
});

test("a member who has just registered is welcomed, not welcomed back, until they sign out and in again", async ({ page }) => {
  const account = { username: uniqueUsername("new"), password: "Member-e2e-Pass1" };
  await page.goto("/register");
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Invite Code", { exact: true }).fill(await createInviteCode());
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const greeting = page.getByRole("main").getByText(/^Welcome/);
  await expect(greeting).toHaveText(`Welcome, ${account.username}. Manage your profile, password and invites.`);
  await page.reload();
  await expect(greeting).toHaveText(`Welcome, ${account.username}. Manage your profile, password and invites.`);

  await (await openNavigation(page)).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(greeting).toHaveText(`Welcome back, ${account.username}. Manage your profile, password and invites.`);
});
