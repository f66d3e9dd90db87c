import type { Browser, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./support/test";
import { startNginx, startSecondProcess } from "./support/server";
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

/** How soon what one member does shows on another's page (docs/product.md "Live topics"). */
const LIVE = { timeout: 2_000 };

/**
 * Alice reads a topic while Bob, in another browser, types, replies, edits and reacts: each shows on
 * her page within 2 s, without reloading; read further up, his next reply waits behind a bar.
 */
async function seeEachOtherLive(alice: Page, bob: Page, title: string): Promise<void> {
  await registerMember(alice, "alice");
  const topic = await createTopic(alice, title);
  const mine = await createPost(alice, topic.id, "Alice was here first.");
  await alice.goto(`/topic/${topic.id}`);
  await expect(post(alice, 1)).toContainText("Alice was here first.");

  const bobAccount = await registerMember(bob, "bob");
  await bob.goto(`/topic/${topic.id}`);
  await expect(post(bob, 1)).toContainText("Alice was here first.");

  // Bob types: Alice is told, and it goes after 5 s.
  await bob.getByRole("textbox", { name: "Reply" }).fill("Hello Alice");
  await expect(alice.getByText(`${bobAccount.username} is typing…`)).toBeVisible(LIVE);
  // Bob's reply shows at the end of Alice's page, where she is.
  await bob.getByRole("button", { name: "Post Reply" }).click();
  await expect(post(alice, 2)).toContainText("Hello Alice", LIVE);
  await expect(alice.getByText(`${bobAccount.username} is typing…`)).toBeHidden();

  // His edit and his reaction to her post show in place.
  await post(bob, 2).getByRole("button", { name: "Edit post" }).click();
  await post(bob, 2).getByRole("textbox", { name: "Edit post" }).fill("Hello Alice, edited live");
  await post(bob, 2).getByRole("button", { name: "Save" }).click();
  await expect(post(alice, 2)).toContainText("Hello Alice, edited live", LIVE);
  await expect(post(alice, 2).getByText("edited", { exact: true })).toBeVisible();
  const reacted = await bob.request.put(`/api/posts/${mine.id}/reactions/love`);
  expect(reacted.status(), await reacted.text()).toBe(200);
  await expect(post(alice, 1).getByRole("group", { name: "Reactions" }).getByRole("img", { name: "Love: 1" })).toBeVisible(LIVE);

  // Read further up, a new reply waits behind a bar instead of moving the page.
  for (let n = 0; n < 6; n++) await createPost(alice, topic.id, `Filler ${n}\n\n${"A long line of text. ".repeat(30)}`);
  await alice.reload();
  await expect(post(alice, 8)).toBeVisible();
  await alice.evaluate(() => window.scrollTo(0, 0));
  await createPost(bob, topic.id, "A reply from further down.");
  const bar = alice.getByRole("button", { name: "1 new reply" });
  await expect(bar).toBeVisible(LIVE);
  await bar.click();
  await expect(post(alice, 9)).toBeInViewport();
  await expect(bar).toBeHidden();
}

test("two members in one topic see each other's replies, edits, reactions and typing without reloading", { tag: "@phone" }, async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(60_000);
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  const bobContext = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  try {
    await seeEachOtherLive(page, await bobContext.newPage(), uniqueTitle(testInfo, "Together"));
  } finally {
    await bobContext.close();
  }
});

test("over two server processes behind nginx, each member's changes reach the other live", { tag: "@phone" }, async ({ browser, server }, testInfo) => {
  test.setTimeout(120_000);
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  // Ports of their own beside the worker's server (E2E_PORT + the worker's index).
  const port = new URL(server.baseURL).port;
  const second = await startSecondProcess(server, { dir: path.join(process.env.E2E_RUN_DIR!, `second-${port}`), port: Number(port) + 100 });
  const nginx = await startNginx(Number(port) + 200, [Number(port), Number(new URL(second.baseURL).port)]);
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ baseURL: nginx.baseURL, viewport, isMobile, hasTouch })));
  try {
    const [alice, bob] = await Promise.all(contexts.map((context) => context.newPage()));
    await seeEachOtherLive(alice!, bob!, uniqueTitle(testInfo, "Two processes"));
    // The second process answered its share: nginx sends requests to each in turn.
    expect(readFileSync(path.join(second.dataDir, "..", "server.log"), "utf8")).toContain('"url":"/api/topics/');
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
    await nginx.stop();
    await second.stop();
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
