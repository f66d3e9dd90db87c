import type { Page, Request } from "@playwright/test";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn } from "./support/members";

const LOCKED_NOTICE = "Topic Locked: This topic has been locked and no new replies can be added.";

const replyBox = (page: Page) => page.getByRole("textbox", { name: "Reply" });
const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });

test("a member creates a topic, replies, edits the reply and deletes it", async ({ page }, testInfo) => {
  const member = await registerMember(page);
  const title = uniqueTitle(testInfo, "Introductions");

  await page.goto("/forum");
  await expect(page).toHaveTitle("Forum | Enclave");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  // Its refusals (a blank title, one too long) are new-topic-dialog.test.tsx's.
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Description").fill("Say hello to everyone.");
  await dialog.getByRole("button", { name: "Create Topic" }).click();

  // The new topic opens.
  await expect(page).toHaveURL(/\/topic\/\d+$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Enclave`);
  await expect(page.getByText("Say hello to everyone.")).toBeVisible();
  await expect(page.getByText("No replies yet")).toBeVisible();
  const topicUrl = page.url();

  // A blank reply and one past the limit are refused under the box: reply-form.test.tsx.
  const postsAskedFor = sentRequests(page, "GET", `${new URL(topicUrl).pathname.replace("/topic/", "/api/topics/")}/posts`);
  await replyBox(page).fill("Hello everyone!\nMore at https://example.org/welcome.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  const first = post(page, 1);
  await expect(first).toContainText("Hello everyone!");
  // The reply shows as its answer came: the posts are not asked for again.
  expect(postsAskedFor).toHaveLength(0);
  await expect(replyBox(page)).toHaveValue("");
  await expect(first.getByRole("link", { name: member.username })).toHaveAttribute("href", `/user/${member.username}`);
  await expect(first.getByText("1 post", { exact: true })).toBeVisible(); // the author's post count
  const link = first.getByRole("link", { name: "https://example.org/welcome" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "nofollow ugc noopener");
  await expect(page.getByRole("heading", { level: 1 }).locator("xpath=../..")).toContainText("1 post"); // the topic's count
  await expect(first.getByText("edited", { exact: true })).toHaveCount(0);

  // Edit in place.
  await first.getByRole("button", { name: "Edit post" }).click();
  await first.getByRole("textbox", { name: "Edit post" }).fill("Hello again, with a correction.");
  await first.getByRole("button", { name: "Save" }).click();
  await expect(first).toContainText("Hello again, with a correction.");
  await expect(first.getByText("edited", { exact: true })).toBeVisible();
  await page.reload();
  await expect(post(page, 1)).toContainText("Hello again, with a correction.");
  await expect(post(page, 1).getByText("edited", { exact: true })).toBeVisible();

  // Delete after confirming.
  await post(page, 1).getByRole("button", { name: "Delete post" }).click();
  const confirmation = page.getByRole("dialog", { name: "Delete this post?" });
  await confirmation.getByRole("button", { name: "Delete post" }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByRole("article")).toHaveCount(0);
  await expect(page.getByText("No replies yet")).toBeVisible();

  // In the list, the author opens their profile and the row opens the topic.
  await page.goto("/forum");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("0 posts");
  await row.getByRole("link", { name: member.username }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${member.username}$`));
  await page.goBack();
  await page.getByRole("listitem").filter({ hasText: title }).getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(topicUrl);
});

test("posts are numbered in order and only the author may edit", async ({ page }, testInfo) => {
  const author = await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Numbering"));
  await createPost(page, topic.id, "First from the author");

  const other = await registerMember(page);
  await createPost(page, topic.id, "Second from someone else");
  await page.goto(`/topic/${topic.id}`);

  await expect(post(page, 1)).toContainText("First from the author");
  await expect(post(page, 1)).toContainText(author.username);
  await expect(post(page, 2)).toContainText("Second from someone else");
  await expect(post(page, 2)).toContainText(other.username);
  // Not theirs: neither edit nor delete (Quote, reactions and the link to copy instead). Their own: both.
  await expect(post(page, 1).getByRole("button", { name: /^(Edit|Delete) post$/ })).toHaveCount(0);
  await expect(post(page, 1).getByRole("button", { name: "Quote post" })).toBeVisible();
  await expect(post(page, 1).getByRole("button", { name: "Copy link to post #1" })).toBeVisible();
  await expect(post(page, 2).getByRole("button", { name: "Edit post" })).toBeVisible();
  await expect(post(page, 2).getByRole("button", { name: "Delete post" })).toBeVisible();
  // No admin controls for a member.
  await expect(page.getByRole("button", { name: "Delete topic" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Lock", exact: true })).toHaveCount(0);
});

test("a topic opened part-way numbers every post, and keeps the numbers right after a delete and a reply", async ({ page }, testInfo) => {
  // Writes are limited per member (30 a minute): three members write the 60 posts.
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Long thread"));
  const ids: number[] = [];
  const write = async (count: number) => {
    for (let index = 0; index < count; index++) ids.push((await createPost(page, topic.id, `Message ${ids.length + 1}.`)).id);
  };
  await write(28);
  await registerMember(page);
  await write(28);
  await registerMember(page); // the reader: posts 57 to 60 are theirs
  await write(4);

  // Opened at post 58, as from a search result or a notification: the 50 posts before it are
  // loaded, not the topic's first 7, and still every post has its number.
  await page.goto(`/topic/${topic.id}?around=${ids[57]}`);
  await expect(post(page, 58)).toHaveAttribute("aria-current", "location");
  await expect(post(page, 58)).toContainText("Message 58.");
  await expect(page.getByRole("article")).toHaveCount(53);
  await expect(post(page, 8)).toContainText("Message 8.");
  await expect(post(page, 60)).toContainText("Message 60.");
  await expect(post(page, 58).getByRole("link", { name: "#58", exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: /^Post by / })).toHaveCount(0);
  const showEarlier = page.getByRole("button", { name: "Show earlier posts" });
  await expect(showEarlier).toBeVisible();

  // Deleting post 57 moves the later posts up a number; the earlier ones keep theirs.
  await post(page, 57).getByRole("button", { name: "Delete post" }).click();
  await page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(post(page, 57)).toContainText("Message 58.");
  await expect(post(page, 59)).toContainText("Message 60.");
  await expect(post(page, 60)).toHaveCount(0);
  await expect(post(page, 8)).toContainText("Message 8.");

  // A reply is appended with the next number.
  await replyBox(page).fill("Message 61.");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(post(page, 60)).toContainText("Message 61.");

  // Loading back to the start, the earlier posts continue the same numbering.
  await showEarlier.click();
  await expect(showEarlier).toHaveCount(0);
  await expect(post(page, 1)).toContainText("Message 1.");
  await expect(post(page, 7)).toContainText("Message 7.");
  await expect(post(page, 57)).toContainText("Message 58.");
  await expect(page.getByRole("article")).toHaveCount(60);

  // Opened afresh at the same post, the server's numbers agree.
  await page.reload();
  await expect(post(page, 57)).toContainText("Message 58.");
  await expect(post(page, 57)).toHaveAttribute("aria-current", "location");
  await expect(post(page, 8)).toContainText("Message 8.");
});

test("a post containing markup shows it as text and runs nothing", async ({ page }, testInfo) => {
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Markup"));
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await page.goto(`/topic/${topic.id}`);
  const markup = '<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>';
  await replyBox(page).fill(markup);
  await page.getByRole("button", { name: "Post Reply" }).click();

  const first = post(page, 1);
  await expect(first).toContainText(markup);
  await expect(first.locator("script, b, img[src='x']")).toHaveCount(0);
  await page.reload();
  await expect(post(page, 1)).toContainText(markup);
  expect(dialogs).toEqual([]);
});

test("an admin locks a topic, deletes a member's post and deletes the topic", async ({ page }, testInfo) => {
  const member = await registerMember(page);
  const title = uniqueTitle(testInfo, "Lock me");
  const topic = await createTopic(page, title);
  await createPost(page, topic.id, "Before the lock");
  await createPost(page, topic.id, "Also before the lock");

  await signIn(page, FOUNDER);
  await page.goto(`/topic/${topic.id}`);
  await expect(replyBox(page)).toBeVisible();
  // An admin may delete anyone's post but edits only their own.
  await expect(post(page, 1).getByRole("button", { name: "Edit post" })).toHaveCount(0);

  await page.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByText(LOCKED_NOTICE)).toBeVisible();
  await expect(replyBox(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();

  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unpin" })).toBeVisible();

  await post(page, 1).getByRole("button", { name: "Delete post" }).click();
  await page.getByRole("dialog", { name: "Delete this post?" }).getByRole("button", { name: "Delete post" }).click();
  await expect(post(page, 1)).toContainText("Also before the lock");
  await expect(post(page, 2)).toHaveCount(0);

  // The list shows the pin and the lock; the member sees the locked notice too.
  await page.goto("/forum");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByRole("img", { name: "Pinned" })).toBeVisible();
  await expect(row.getByRole("img", { name: "Locked" })).toBeVisible();
  await signIn(page, member);
  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByText(LOCKED_NOTICE)).toBeVisible();
  await expect(replyBox(page)).toHaveCount(0);

  // Deleting the topic warns about its posts and returns to the forum.
  await signIn(page, FOUNDER);
  await page.reload();
  await page.getByRole("button", { name: "Delete topic" }).click();
  const confirmation = page.getByRole("dialog", { name: "Delete this topic?" });
  await expect(confirmation).toContainText("all posts in it (1 post) will be deleted");
  await confirmation.getByRole("button", { name: "Delete topic" }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);

  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
});

test("a missing topic shows Topic not found with a way back to the forum", async ({ page }) => {
  await registerMember(page);
  for (const path of ["/topic/2147483000", "/topic/not-a-number"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
    await expect(page).toHaveTitle("Topic not found | Enclave");
  }
  await page.getByRole("link", { name: "Back to Forum" }).click();
  await expect(page).toHaveURL(/\/forum$/);
  await expect(page.getByRole("heading", { name: "Forum", level: 1 })).toBeVisible();
});

/** The requests the page sends to `path` with `method`, as they are sent. */
function sentRequests(page: Page, method: string, path: string): Request[] {
  const sent: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) sent.push(request);
  });
  return sent;
}

test("a fast double click on Post Reply or Create Topic sends it once", async ({ page }, testInfo) => {
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Double click"));
  await page.goto(`/topic/${topic.id}`);

  const replies = sentRequests(page, "POST", `/api/topics/${topic.id}/posts`);
  await replyBox(page).fill("Only once, please.");
  await page.getByRole("button", { name: "Post Reply" }).dblclick();
  await expect(post(page, 1)).toContainText("Only once, please.");
  await expect(replyBox(page)).toHaveValue("");
  await Promise.all(replies.map((request) => request.response()));
  expect(replies).toHaveLength(1);
  const posts = (await (await page.request.get(`/api/topics/${topic.id}/posts`)).json()) as unknown[];
  expect(posts).toHaveLength(1);

  const title = uniqueTitle(testInfo, "Created once");
  const creations = sentRequests(page, "POST", "/api/topics");
  await page.goto("/forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  await page.getByRole("dialog", { name: "New Topic" }).getByLabel("Title").fill(title);
  await page.getByRole("dialog", { name: "New Topic" }).getByRole("button", { name: "Create Topic" }).dblclick();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await Promise.all(creations.map((request) => request.response()));
  expect(creations).toHaveLength(1);
  const topics = (await (await page.request.get("/api/topics")).json()) as Array<{ title: string }>;
  expect(topics.filter((listed) => listed.title === title)).toHaveLength(1);
});
