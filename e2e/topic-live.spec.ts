import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn, type Account } from "./support/members";

const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });

/** A second browser (its own cookies), signed in as a new member. */
async function otherMember(browser: Browser, baseURL: string | undefined, prefix: string): Promise<{ page: Page; account: Account; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  return { page, account: await registerMember(page, prefix), close: () => context.close() };
}

test("opening a topic with unread replies and a mention marks them read: the bell's count drops live", async ({ page, browser, baseURL }, testInfo) => {
  const alice = await registerMember(page, "read");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Unread"));
  const bob = await otherMember(browser, baseURL, "bob");
  try {
    await createPost(bob.page, topic.id, "A first reply.");
    await createPost(bob.page, topic.id, "A second reply.");
    await createPost(bob.page, topic.id, `And @${alice.username}, this one is for you.`);
  } finally {
    await bob.close();
  }

  await page.goto("/forum");
  // One reply notification standing for two posts, and the mention.
  await expect(bell(page)).toHaveAccessibleName("Notifications, 2 unread");
  await page.getByRole("link", { name: topic.title }).click();
  await expect(post(page, 3)).toContainText("this one is for you");
  // No reload: reading the posts marks their notifications read, and the count arrives over /ws.
  await expect(bell(page)).toHaveAccessibleName("Notifications");
});

test("a topic deleted while a member has it open says so, with a way back to the forum", async ({ page, browser, baseURL }, testInfo) => {
  await registerMember(page, "view");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Doomed"));
  await createPost(page, topic.id, "Soon gone.");
  await page.goto(`/topic/${topic.id}`);
  await expect(post(page, 1)).toContainText("Soon gone.");

  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signIn(admin, FOUNDER);
    const deleted = await admin.request.delete(`/api/topics/${topic.id}`);
    expect(deleted.status(), await deleted.text()).toBe(200);
  } finally {
    await adminContext.close();
  }

  await expect(page.getByRole("heading", { name: "This topic was deleted" })).toBeVisible();
  await expect(page).toHaveTitle("This topic was deleted | Enclave");
  await page.getByRole("link", { name: "Back to Forum" }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole("link", { name: topic.title })).toHaveCount(0);
});

test("a failed load keeps the posts shown, earlier ones included, and says so with a retry", async ({ page, browser, baseURL }, testInfo) => {
  // Writes are limited per member (30 a minute): two members write the 52 posts.
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Keep them"));
  const ids: number[] = [];
  for (let index = 0; index < 52; index++) {
    if (index === 26) await registerMember(page);
    ids.push((await createPost(page, topic.id, `Message ${index + 1}.`)).id);
  }

  // Opened at the last post, as from a notification; the first post loads with "Show earlier posts".
  await page.goto(`/topic/${topic.id}?around=${ids[51]}`);
  await expect(post(page, 52)).toContainText("Message 52.");
  await page.getByRole("button", { name: "Show earlier posts" }).click();
  await expect(post(page, 1)).toContainText("Message 1.");
  await expect(page.getByRole("article")).toHaveCount(52);

  // Loads of the posts after the newest fail until the retry: the one another member's reply,
  // arriving live, asks for.
  let failing = true;
  let failures = 0;
  await page.route(
    (url) => url.pathname === `/api/topics/${topic.id}/posts` && url.searchParams.has("after"),
    (route) => {
      if (!failing) return route.continue();
      failures++;
      return route.fulfill({ status: 503, json: { message: "Service unavailable" } });
    },
  );
  const other = await otherMember(browser, baseURL, "other");
  await createPost(other.page, topic.id, "Message 53.");
  await other.close();
  const failure = page.getByRole("alert").filter({ hasText: "Failed to load new posts" });
  await expect(failure).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(52);
  await expect(post(page, 1)).toContainText("Message 1.");

  failing = false;
  await failure.getByRole("button", { name: "Try Again" }).click();
  await expect(post(page, 53)).toContainText("Message 53.");
  await expect(failure).toHaveCount(0);
  await expect(post(page, 1)).toContainText("Message 1.");
  expect(failures).toBeGreaterThanOrEqual(1);

  // The reader's own reply shows from its answer, asking for nothing.
  failing = true;
  failures = 0;
  await page.getByRole("textbox", { name: "Reply" }).fill("Message 54.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(post(page, 54)).toContainText("Message 54.");
  await expect(failure).toHaveCount(0);
  expect(failures).toBe(0);
});

test("two members in one topic see each other's replies, edits, reactions and typing without reloading", { tag: "@phone" }, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  await registerMember(page, "alice");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Together"));
  const mine = await createPost(page, topic.id, "Alice was here first.");
  await page.goto(`/topic/${topic.id}`);
  await expect(post(page, 1)).toContainText("Alice was here first.");

  const bobContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  try {
    const bob = await bobContext.newPage();
    const bobAccount = await registerMember(bob, "bob");
    await bob.goto(`/topic/${topic.id}`);
    await expect(post(bob, 1)).toContainText("Alice was here first.");

    // Bob types: Alice is told, and it goes after 5 s.
    await bob.getByRole("textbox", { name: "Reply" }).fill("Hello Alice");
    await expect(page.getByText(`${bobAccount.username} is typing…`)).toBeVisible();
    // Bob's reply shows at the end of Alice's page, where she is.
    await bob.getByRole("button", { name: "Post Reply" }).click();
    await expect(post(page, 2)).toContainText("Hello Alice");
    await expect(page.getByText(`${bobAccount.username} is typing…`)).toBeHidden();

    // His edit and his reaction to her post show in place.
    await post(bob, 2).getByRole("button", { name: "Edit post" }).click();
    await post(bob, 2).getByRole("textbox", { name: "Edit post" }).fill("Hello Alice, edited live");
    await post(bob, 2).getByRole("button", { name: "Save" }).click();
    await expect(post(page, 2)).toContainText("Hello Alice, edited live");
    await expect(post(page, 2).getByText("edited", { exact: true })).toBeVisible();
    const reacted = await bob.request.put(`/api/posts/${mine.id}/reactions/love`);
    expect(reacted.status(), await reacted.text()).toBe(200);
    await expect(post(page, 1).getByRole("group", { name: "Reactions" }).getByRole("img", { name: "Love: 1" })).toBeVisible();

    // Read further up, a new reply waits behind a bar instead of moving the page.
    for (let n = 0; n < 6; n++) await createPost(page, topic.id, `Filler ${n}\n\n${"A long line of text. ".repeat(30)}`);
    await page.reload();
    await expect(post(page, 8)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await createPost(bob, topic.id, "A reply from further down.");
    const bar = page.getByRole("button", { name: "1 new reply" });
    await expect(bar).toBeVisible();
    await bar.click();
    await expect(post(page, 9)).toBeInViewport();
    await expect(bar).toBeHidden();
  } finally {
    await bobContext.close();
  }
});

test("the topic list counts new and bumped topics instead of moving, and shows them on demand", { tag: "@phone" }, async ({ page, browser, baseURL }, testInfo) => {
  await registerMember(page, "lister");
  const older = await createTopic(page, uniqueTitle(testInfo, "Older"));
  await page.goto("/forum");
  await expect(page.getByRole("link", { name: older.title })).toBeVisible();

  const otherContext = await browser.newContext({ baseURL });
  let newer: { title: string };
  try {
    const other = await otherContext.newPage();
    await registerMember(other, "poster");
    newer = await createTopic(other, uniqueTitle(testInfo, "Newer"));
    await createPost(other, older.id, "A bump.");
  } finally {
    await otherContext.close();
  }
  const notice = page.getByRole("button", { name: "2 new topics — show" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("link", { name: newer.title })).toHaveCount(0);
  await notice.click();
  await expect(page.getByRole("link", { name: newer.title })).toBeVisible();
  await expect(notice).toBeHidden();
});
