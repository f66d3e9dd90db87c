import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Category } from "../shared/types/categories";
import { expect, test } from "./support/test";
import { startNginx, startSecondProcess, type TestServer } from "./support/server";
import { createFiledTopic, uniqueCategoryName } from "./support/categories";
import { createTopic, uniqueTitle } from "./support/forum";
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

/** How many times each process answered `url` with one of `statuses`, from their request logs. */
function answersIn(processes: TestServer[], url: string, statuses: number[]): number[] {
  return processes.map((process) =>
    readFileSync(path.join(process.dataDir, "..", "server.log"), "utf8")
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { req?: { url?: string }; res?: { status?: number } })
      .filter((entry) => entry.req?.url === url && statuses.includes(entry.res?.status ?? 0)).length,
  );
}

/**
 * Reloads until every process has answered `url` with one of `statuses` once more than before, checking the
 * screen each time. nginx takes requests in turn and a reload makes the same ones each time, so every
 * other reload follows one extra request to move the turn on.
 */
async function reloadUntilEachAnswered(page: Page, processes: TestServer[], url: string, statuses: number[], screenSays: () => Promise<void>) {
  const before = answersIn(processes, url, statuses);
  for (let reload = 0; reload < 8; reload += 1) {
    if (reload % 2 === 1) expect((await page.request.get("/api/health")).status()).toBe(200);
    await page.reload();
    await screenSays();
    if (answersIn(processes, url, statuses).every((count, index) => count > before[index]!)) return;
  }
  const after = answersIn(processes, url, statuses);
  expect(after.map((count, index) => count > before[index]!), `${url} answered ${statuses.join(" or ")} by each process`).toEqual(processes.map(() => true));
}

test("over two server processes behind nginx, an outsider sees nothing of a closed category, and a member taken out of its group loses it on both", async ({ browser, server, request }, testInfo) => {
  test.setTimeout(150_000);
  const port = Number(new URL(server.baseURL).port);
  const second = await startSecondProcess(server, { dir: path.join(process.env.E2E_RUN_DIR!, `second-${port}`), port: port + 100 });
  const nginx = await startNginx(port + 200, [port, Number(new URL(second.baseURL).port)]);
  const processes = [server, second];
  const [admin, insider, outsider] = await Promise.all([0, 1, 2].map(() => browser.newContext({ baseURL: nginx.baseURL })));
  try {
    // Set up through the API (the admin screens have their own test above): a group, its member and a category closed to it.
    const [insiderAccount, outsiderAccount] = await registerMembers(request, 2, "twop");
    await signIn(await admin!.newPage(), FOUNDER);
    const group = await admin!.request.post("/api/admin/groups", { data: { name: uniqueCategoryName("Two").slice(0, 50) } });
    expect(group.status(), await group.text()).toBe(201);
    const groupId = ((await group.json()) as { id: number }).id;
    expect((await admin!.request.put(`/api/admin/groups/${groupId}/members/${insiderAccount!.username}`)).status()).toBe(200);
    const created = await admin!.request.post("/api/admin/categories", { data: { name: uniqueCategoryName("Lounge"), color: "#335577", readGroups: [groupId] } });
    expect(created.status(), await created.text()).toBe(201);
    const category = (await created.json()) as Category;

    const insiderPage = await insider!.newPage();
    await signIn(insiderPage, insiderAccount!);
    const word = `lounge${Date.now().toString(36)}`;
    const title = uniqueTitle(testInfo, `Lounge ${word}`);
    const topic = await createFiledTopic(insiderPage, { title, categoryId: category.id });
    await insiderPage.goto(`/topic/${topic.id}`);
    await expect(insiderPage.getByRole("heading", { name: title })).toBeVisible();

    // The outsider, on whichever process answers: no topic in the list, no category to pick, no search result, no topic.
    const outsiderPage = await outsider!.newPage();
    await signIn(outsiderPage, outsiderAccount!);
    const openTitle = uniqueTitle(testInfo, "Open to all");
    await createTopic(outsiderPage, openTitle);
    for (let visit = 0; visit < 2; visit += 1) {
      await outsiderPage.goto("/forum");
      await expect(outsiderPage.getByRole("combobox", { name: "Category" })).toBeVisible();
      await expect(topicLink(outsiderPage, openTitle)).toBeVisible();
      await expect(topicLink(outsiderPage, title)).toHaveCount(0);
      await expect(outsiderPage.getByRole("combobox", { name: "Category" }).locator("option", { hasText: category.name })).toHaveCount(0);
      await outsiderPage.goto(`/search?q=${word}`);
      await expect(outsiderPage.getByText("No results", { exact: true })).toBeVisible();
    }
    await outsiderPage.goto(`/topic/${topic.id}`);
    await reloadUntilEachAnswered(outsiderPage, processes, `/api/topics/${topic.id}`, [404], async () => {
      await expect(outsiderPage.getByRole("heading", { name: "Topic not found" })).toBeVisible();
    });

    // Taken out of the group through nginx (either process), the insider is refused on both at once.
    await reloadUntilEachAnswered(insiderPage, processes, `/api/topics/${topic.id}`, [200, 304], async () => {
      await expect(insiderPage.getByRole("heading", { name: title })).toBeVisible();
    });
    expect((await admin!.request.delete(`/api/admin/groups/${groupId}/members/${insiderAccount!.username}`)).status()).toBe(200);
    await reloadUntilEachAnswered(insiderPage, processes, `/api/topics/${topic.id}`, [404], async () => {
      await expect(insiderPage.getByRole("heading", { name: "Topic not found" })).toBeVisible();
    });
  } finally {
    await Promise.all([admin, insider, outsider].map((context) => context!.close()));
    await nginx.stop();
    await second.stop();
  }
});
