import { expectAccessible } from "./support/accessibility";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";
import { expect, test } from "./support/test";

test("a member bookmarks a post from its menu, finds it at /bookmarks with a reminder, and removes it", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page);
  const title = uniqueTitle(testInfo, "Bookmarks");
  const topic = await createTopic(page, title);
  await createPost(page, topic.id, "The venue opens at seven.");

  await registerMember(page);
  await page.goto(`/topic/${topic.id}`);
  const post = page.getByRole("article", { name: "Post #1" });
  await expect(post).toContainText("The venue opens at seven.");
  await post.getByRole("button", { name: "Bookmark menu" }).click();
  await page.getByRole("group", { name: "Bookmark" }).getByRole("button", { name: "Bookmark", exact: true }).click();
  await expect(post.getByRole("button", { name: "Bookmarked: bookmark menu" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article", { name: "Post #1" }).getByRole("button", { name: "Bookmarked: bookmark menu" })).toBeVisible();

  await page.goto("/bookmarks");
  const list = page.getByRole("list", { name: "Bookmarks" });
  await expect(list.getByRole("link", { name: title })).toBeVisible();
  await expect(list).toContainText("The venue opens at seven.");
  await list.getByRole("button", { name: `Reminder for the post in ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Remind me" });
  await dialog.getByRole("button", { name: "Tomorrow" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list).toContainText("Reminder:");
  await expectAccessible(page, "bookmarks");

  await list.getByRole("button", { name: `Remove bookmark of the post in ${title}` }).click();
  await expect(page.getByText("No bookmarks yet")).toBeVisible();
  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByRole("article", { name: "Post #1" }).getByRole("button", { name: "Bookmark menu" })).toBeVisible();
});
