import type { Page } from "@playwright/test";
import type { Category } from "../shared/types/categories";
import { expect, test } from "./support/test";
import { createFiledTopic, uniqueCategoryName } from "./support/categories";
import { uniqueTitle } from "./support/forum";
import { FOUNDER, registerMembers, signIn } from "./support/members";

// Groups and closed categories (docs/product.md "Groups and closed categories"): an admin makes a
// group, puts a member in it and closes a category to it; a member outside it cannot see it.
test.describe.configure({ timeout: 90_000 });

const topicLink = (page: Page, title: string) => page.getByRole("list", { name: "Topics" }).getByRole("link", { name: title });

/** Nothing sticks out sideways (375 px and 1440 px alike). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("an admin creates a group, adds a member, closes a category to it; an outsider cannot see it", { tag: "@phone" }, async ({ page, browser, baseURL, request }, testInfo) => {
  const [insider, outsider] = await registerMembers(request, 2, "grp");
  await signIn(page, FOUNDER);
  await page.goto("/admin");

  // The group, in the dark theme.
  await page.emulateMedia({ colorScheme: "dark" });
  const groups = page.getByRole("region", { name: "Groups" });
  await expect(groups.getByRole("list", { name: "Groups" }).getByRole("listitem").first()).toContainText("staff");
  await groups.getByRole("button", { name: "New group" }).click();
  const groupName = uniqueCategoryName("Crew").slice(0, 50);
  const newGroup = page.getByRole("dialog", { name: "New group" });
  await newGroup.getByLabel("Name").fill(groupName);
  await newGroup.getByRole("button", { name: "Create group" }).click();
  await expect(newGroup).toBeHidden();
  const row = groups.getByRole("list", { name: "Groups" }).locator(":scope > li").filter({ hasText: groupName });
  await row.getByLabel(`Username to add to ${groupName}`).fill(insider!.username);
  await row.getByRole("button", { name: "Add" }).click();
  await expect(row.getByRole("list", { name: `Members of ${groupName}` })).toContainText(insider!.username);
  await expectNoSidewaysScroll(page);

  // The category, closed to the group, in the light theme.
  await page.emulateMedia({ colorScheme: "light" });
  const categoryName = uniqueCategoryName("Backstage");
  const categories = page.getByRole("region", { name: "Categories" });
  await categories.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel("Name").fill(categoryName);
  await dialog.getByRole("group", { name: "Who can read" }).getByRole("checkbox", { name: groupName }).check();
  await expect(dialog.getByRole("group", { name: "Who can read" })).toContainText("Only the groups ticked");
  await expectNoSidewaysScroll(page);
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog).toBeHidden();
  await expect(categories.getByRole("link", { name: categoryName })).toBeVisible();

  // The insider starts a topic there and sees it.
  const category = ((await (await page.request.get("/api/categories")).json()) as { categories: Category[] }).categories.find((item) => item.name === categoryName)!;
  const insiderContext = await browser.newContext({ baseURL });
  const insiderPage = await insiderContext.newPage();
  await signIn(insiderPage, insider!);
  const title = uniqueTitle(testInfo, "Backstage plans");
  const topic = await createFiledTopic(insiderPage, { title, categoryId: category.id });
  await insiderPage.goto("/forum");
  await expect(topicLink(insiderPage, title)).toBeVisible();
  await insiderContext.close();

  // The outsider finds neither the category nor its topic.
  const outsiderContext = await browser.newContext({ baseURL });
  const outsiderPage = await outsiderContext.newPage();
  await signIn(outsiderPage, outsider!);
  await outsiderPage.goto("/forum");
  await expect(outsiderPage.getByRole("navigation", { name: "Topic lists" }).getByRole("link", { name: "Latest" })).toHaveAttribute("aria-current", "page");
  await expect(outsiderPage.getByRole("combobox", { name: "Category" })).toBeVisible();
  await expect(topicLink(outsiderPage, title)).toHaveCount(0);
  await expect(outsiderPage.getByRole("combobox", { name: "Category" }).locator("option", { hasText: categoryName })).toHaveCount(0);
  await outsiderPage.goto(`/topic/${topic.id}`);
  await expect(outsiderPage.getByRole("heading", { name: "Topic not found" })).toBeVisible();
  await outsiderContext.close();
});
