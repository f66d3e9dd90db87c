import { expect, test } from "./support/test";

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

test("the page fits the viewport without sideways scrolling", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
