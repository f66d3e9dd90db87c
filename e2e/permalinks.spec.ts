import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";
import { expectToast } from "./support/toasts";

// Permalinks to posts: /topic/{id}?post={postId}, the copy-link button and the #N link.
// Several writes and screens per test, on a machine shared with other test runs.
test.describe.configure({ timeout: 90_000 });

const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });

test("a permalink to an early post of a long topic opens there, highlighted, though the reader had read to the end", async ({ page }, testInfo) => {
  // Writes are limited per member (30 a minute): three members write the 72 posts.
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Long thread"));
  const ids: number[] = [];
  for (let writer = 0; writer < 3; writer++) {
    if (writer > 0) await registerMember(page);
    for (let index = 0; index < 24; index++) ids.push((await createPost(page, topic.id, `Message ${ids.length + 1}.`)).id);
  }
  // The reader has read it all: the topic alone would open at its end.
  expect((await page.request.put(`/api/topics/${topic.id}/read`, { data: { postId: ids.at(-1) } })).status()).toBe(200);

  await page.goto(`/topic/${topic.id}?post=${ids[2]}`);
  const target = post(page, 3);
  await expect(target).toHaveAttribute("aria-current", "location");
  await expect(target).toContainText("Message 3.");
  await expect(target).toBeInViewport();
  await expect(page.locator("[data-marked]")).toHaveCount(1);
  // Opened at the post, not at the end: the last posts are not loaded yet.
  await expect(post(page, 72)).toHaveCount(0);

  // A post's number is its permalink: following it moves the highlight there.
  await post(page, 5).getByRole("link", { name: "#5", exact: true }).click();
  await expect(page).toHaveURL(`/topic/${topic.id}?post=${ids[4]}`);
  await expect(post(page, 5)).toHaveAttribute("aria-current", "location");
  await expect(post(page, 5)).toBeInViewport();
  await expect(target).not.toHaveAttribute("aria-current", "location");
  await page.goBack();
  await expect(post(page, 3)).toHaveAttribute("aria-current", "location");
});

test.describe("copying a post's link", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  });

  test("the link button copies the permalink, with a toast", async ({ page, baseURL }, testInfo) => {
    await registerMember(page);
    const topic = await createTopic(page, uniqueTitle(testInfo, "Linkable"));
    await createPost(page, topic.id, "First.");
    const second = await createPost(page, topic.id, "Second.");

    await page.goto(`/topic/${topic.id}`);
    await post(page, 2).getByRole("button", { name: "Copy link to post #2" }).click();
    await expectToast(page, "Copied", "The link to post #2 is on the clipboard.");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseURL}/topic/${topic.id}?post=${second.id}`);

    await page.goto(link);
    await expect(post(page, 2)).toHaveAttribute("aria-current", "location");
  });
});
