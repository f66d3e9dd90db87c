import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { registerMember, type Account } from "./support/members";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });

/** The search field of the top navigation; at 375 px the search icon opens it first. */
async function searchFromNavigation(page: Page, text: string) {
  const banner = page.getByRole("banner");
  await expect(bell(page)).toBeVisible(); // the signed-in part of the bar is there
  const field = banner.getByRole("searchbox", { name: "Search" });
  if (!(await field.isVisible())) {
    await banner.getByRole("button", { name: "Search" }).click();
    await expect(field).toBeFocused(); // typing goes straight into it
  }
  await field.fill(text);
  await field.press("Enter");
}

const topicRow = (page: Page, title: string) => page.getByRole("list", { name: "Topics" }).getByRole("listitem").filter({ hasText: title });

/** A second member with a browser context of their own; `close` ends it. */
async function otherMember(browser: Browser, prefix: string): Promise<{ page: Page; account: Account; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { page, account: await registerMember(page, prefix), close: () => context.close() };
}

test("search from the navigation finds a post, shows its markup as text, and opens the topic scrolled to it and marked", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page, "find");
  const word = `zq${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const topic = await createTopic(page, uniqueTitle(testInfo, "Search target"));
  // Enough long posts before it that the target is well below the first screen.
  const filler = "A line of conversation that takes up some room on the page.\n".repeat(4);
  for (let index = 0; index < 14; index++) await createPost(page, topic.id, `${filler}Post ${index + 1}.`);
  const target = await createPost(page, topic.id, `The answer is <b>${word}</b>, literally.`);
  await createPost(page, topic.id, "And one after it.");

  await page.goto("/forum");
  await searchFromNavigation(page, word);
  // No tab named: the search opens on the one with results, Posts here.
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByRole("tab", { name: "Posts 1", selected: true })).toBeVisible();

  const result = page.getByRole("list", { name: "Search results" }).getByRole("link");
  await expect(result).toHaveCount(1);
  // The markup in the post is characters on the page; the matched word is highlighted.
  await expect(result).toContainText(`answer is <b>${word}</b>, literally`);
  await expect(result.locator("mark")).toHaveText(word);
  await expect(result.locator("b")).toHaveCount(0);

  await result.click();
  await expect(page).toHaveURL(`/topic/${topic.id}?post=${target.id}`);
  const marked = page.getByRole("article", { name: "Post #15" });
  await expect(marked).toHaveAttribute("aria-current", "location");
  await expect(marked).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("a word found only in a topic title opens on Topics, each tab showing its count; a tab the address names is kept", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page, "tabs");
  const word = `zt${Date.now().toString(36)}${testInfo.project.name.slice(0, 2)}`;
  const topic = await createTopic(page, `Where to find ${word}`);
  await createPost(page, topic.id, "A reply without the word.");

  await page.goto("/forum");
  await searchFromNavigation(page, word);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  const tabs = page.getByRole("tablist", { name: "Result types" });
  await expect(tabs.getByRole("tab", { selected: true })).toHaveAccessibleName("Topics 1");
  await expect(tabs.getByRole("tab")).toHaveText(["Posts0", "Topics1", "Members0"]);
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("link")).toHaveText(new RegExp(`Where to find ${word}`));
  // The three tabs and their counts fit the width, at 375 px too.
  expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);

  // Choosing a tab names it in the address; named, it stays, results or not.
  await tabs.getByRole("tab", { name: "Posts" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}&type=posts$`));
  await expect(page.getByText("No results", { exact: true })).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole("tab", { selected: true })).toHaveAccessibleName("Posts 0");
  await expect(page.getByText("No results", { exact: true })).toBeVisible();
});

test("the Members tab finds members", async ({ page }) => {
  // (A search without results shows the empty state: search.test.tsx, and the test above on Posts.)
  const member = await registerMember(page, "emp");
  await page.goto(`/search?q=${encodeURIComponent(member.username.slice(0, 10))}&type=posts`);
  await page.getByRole("tab", { name: "Members" }).click();
  await expect(page).toHaveURL(/type=members$/);
  await expect(page.getByRole("list", { name: "Search results" }).getByRole("link", { name: new RegExp(member.username) })).toBeVisible();
});

test("B mentions A: A's bell counts it live, and opening it goes to the post and marks it read", async ({ page, browser }, testInfo) => {
  const alice = await registerMember(page, "ment");
  await page.goto("/forum");
  await expect(bell(page)).toHaveAccessibleName("Notifications");

  const bob = await otherMember(browser, "bob");
  try {
    const topic = await createTopic(bob.page, uniqueTitle(testInfo, "Mention"));
    const post = await createPost(bob.page, topic.id, `Hello @${alice.username}, have a look.`);

    // No reload: the count arrives over /ws.
    await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
    await bell(page).click();
    const dialog = page.getByRole("dialog", { name: "Notifications" });
    const item = dialog.getByRole("button", { name: `${bob.account.username} mentioned you in ${topic.title}` });
    await expect(item).toBeVisible();
    await item.click();

    await expect(page).toHaveURL(`/topic/${topic.id}?post=${post.id}`);
    await expect(dialog).toBeHidden();
    const article = page.getByRole("article", { name: "Post #1" });
    await expect(article).toHaveAttribute("aria-current", "location");
    // The mention is a link to the profile, made of text.
    await expect(article.getByRole("link", { name: `@${alice.username}` })).toHaveAttribute("href", `/user/${alice.username}`);
    await expect(bell(page)).toHaveAccessibleName("Notifications");
  } finally {
    await bob.close();
  }
});

test("a new topic is marked New, then read once opened; later replies show as unread", async ({ page, browser }, testInfo) => {
  await registerMember(page, "unrd");
  const bob = await otherMember(browser, "bob");
  try {
    const title = uniqueTitle(testInfo, "Fresh");
    const topic = await createTopic(bob.page, title);
    await createPost(bob.page, topic.id, "First words.");

    await page.goto("/forum");
    await expect(topicRow(page, title).getByText("New", { exact: true })).toBeVisible();

    await topicRow(page, title).getByRole("link", { name: title }).click();
    await expect(page.getByRole("article", { name: "Post #1" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Forum" }).click();
    await expect(topicRow(page, title)).toBeVisible();
    await expect(topicRow(page, title).getByText("New", { exact: true })).toHaveCount(0);

    await createPost(bob.page, topic.id, "Second words.");
    await createPost(bob.page, topic.id, "Third words.");
    await page.reload();
    await expect(topicRow(page, title).getByTitle("2 unread")).toBeVisible();
  } finally {
    await bob.close();
  }
});

test("typing @ and two letters suggests members, chosen with the keyboard", async ({ page, browser }, testInfo) => {
  await registerMember(page, "sugg");
  const carol = await otherMember(browser, "carol");
  await carol.close();
  const topic = await createTopic(page, uniqueTitle(testInfo, "Suggestions"));
  await page.goto(`/topic/${topic.id}`);

  const box = page.getByRole("textbox", { name: "Reply" });
  await box.pressSequentially(`Thanks @${carol.account.username.slice(0, 9)}`);
  const list = page.getByRole("listbox", { name: "Members" });
  await expect(list.getByRole("option", { name: carol.account.username })).toBeVisible();
  await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id"))!);

  // Escape closes the list and keeps the text; typing on opens it again.
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`Thanks @${carol.account.username.slice(0, 9)}`);
  await box.pressSequentially(carol.account.username.slice(9, 10));
  await expect(list.getByRole("option", { name: carol.account.username })).toBeVisible();

  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await expect(list.getByRole("option", { name: carol.account.username })).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(list).toBeHidden();
  await expect(box).toHaveValue(`Thanks @${carol.account.username} `);

  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByRole("article", { name: "Post #1" }).getByRole("link", { name: `@${carol.account.username}` })).toHaveAttribute(
    "href",
    `/user/${carol.account.username}`,
  );
});

test("/notifications lists them all and marks all read", async ({ page, browser }, testInfo) => {
  const alice = await registerMember(page, "mark");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Mark all"));
  const bob = await otherMember(browser, "bob");
  try {
    await createPost(bob.page, topic.id, `Hi @${alice.username}.`);
    await createPost(bob.page, topic.id, "And a plain reply.");
  } finally {
    await bob.close();
  }

  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const list = page.getByRole("main").getByRole("list", { name: "Notifications" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("button", { name: /^Unread:/ })).toHaveCount(2);
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(list.getByRole("button", { name: /^Unread:/ })).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName("Notifications");
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
});

/** The text in the top bar's search field; at 375 px the search icon opens it first, and Escape closes it again. */
async function expectSearchBoxText(page: Page, text: string) {
  const banner = page.getByRole("banner");
  await expect(bell(page)).toBeVisible(); // the signed-in part of the bar is there
  const field = banner.getByRole("searchbox", { name: "Search" });
  if (await field.isVisible()) return expect(field).toHaveValue(text);
  await banner.getByRole("button", { name: "Search" }).click();
  await expect(field).toHaveValue(text);
  await field.press("Escape");
}

test("the top bar's search box holds the text of /search?q= and follows it there and back", { tag: "@phone" }, async ({ page }) => {
  await registerMember(page, "sync");
  await page.goto(`/search?q=${encodeURIComponent("hello world")}&type=topics`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “hello world”");
  await expectSearchBoxText(page, "hello world");

  await searchFromNavigation(page, "another one");
  await expect(page).toHaveURL(/\/search\?q=another\+one$/);
  await expectSearchBoxText(page, "another one");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “hello world”");
  await expectSearchBoxText(page, "hello world");

  await page.goto("/forum");
  await expectSearchBoxText(page, "");
});

/** Whether an element is at most `lines` lines of its own text tall and inside `container` sideways. */
async function expectShortened(element: Locator, container: Locator, lines: number) {
  await expect(element).toBeVisible();
  const { height, lineHeight } = await element.evaluate((node) => ({
    height: node.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(node).lineHeight),
  }));
  expect(height).toBeLessThanOrEqual(lineHeight * lines + 1);
  const box = (await element.boundingBox())!;
  const outer = (await container.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(outer.x - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
}

test("a 255-character title is shortened with an ellipsis in the bell's list and the search heading, the whole of it in its title", async ({ page, browser }, testInfo) => {
  await registerMember(page, "long");
  const words = `${uniqueTitle(testInfo, "Longwinded")} ${"a rather lengthy title that keeps going ".repeat(8)}`;
  const title = words.slice(0, 255);
  const topic = await createTopic(page, title);
  const replier = await otherMember(browser, "lrep");
  try {
    await createPost(replier.page, topic.id, "A reply that the topic's author is told of.");
  } finally {
    await replier.close();
  }
  const said = `${replier.account.username} replied in ${title}`;

  await page.goto("/forum");
  await expect(bell(page)).toHaveAccessibleName(/unread/);
  await bell(page).click();
  const dialog = page.getByRole("dialog", { name: "Notifications" });
  const text = dialog.getByRole("listitem").first().getByText(/replied in/);
  await expect(text).toHaveAttribute("title", said);
  await expectShortened(text, dialog, 2);
  await page.keyboard.press("Escape");

  const q = title.slice(0, 200);
  await page.goto(`/search?q=${encodeURIComponent(q)}&type=topics`);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveAttribute("title", q);
  await expectShortened(heading, page.locator("main"), 2);
});
