import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { makeAdmin } from "./support/invite-code";
import { registerMember } from "./support/members";
import { messagesNavigation, otherMember, sendMessage, startConversation } from "./support/messages";

const message = (page: Page, text: string) => page.getByRole("article", { name: /^Message by/ }).filter({ hasText: text });

// Two or three members, each with a browser of their own.
test.beforeEach(() => test.slow());

test("a conversation started from a profile arrives live, with the unread count in the navigation, and the reply comes back live", { tag: "@phone" }, async ({ page, browser }, testInfo) => {
  const alice = await registerMember(page, "alice");
  const bob = await otherMember(browser, testInfo, "bob");
  try {
    await bob.page.goto("/messages");
    await expect(bob.page.getByText("No messages yet")).toBeVisible();
    await expect(messagesNavigation(bob.page)).not.toHaveAccessibleName(/unread/);

    await page.goto(`/user/${bob.account.username}`);
    await page.getByRole("button", { name: "Message" }).click();
    const dialog = page.getByRole("dialog", { name: "New message" });
    await expect(dialog.getByRole("list", { name: "Chosen members" })).toContainText(bob.account.username);
    await dialog.getByRole("textbox", { name: "First message" }).fill("Hello **Bob**, how are you?");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: bob.account.username })).toBeVisible();
    await expect(message(page, "how are you?").locator("strong")).toHaveText("Bob");

    // Bob's open list and navigation learn of it over /ws, without a reload.
    const row = bob.page.getByRole("link", { name: new RegExp(alice.username) });
    await expect(row).toContainText("Hello Bob, how are you?");
    await expect(row).toContainText("1 unread message");
    await expect(messagesNavigation(bob.page)).toHaveAccessibleName(/1 unread/);

    await row.click();
    await expect(message(bob.page, "how are you?")).toBeVisible();
    // Seen: marked read, and the count goes.
    await expect(messagesNavigation(bob.page)).not.toHaveAccessibleName(/unread/);
    await bob.page.getByRole("textbox", { name: "Message", exact: true }).fill("Fine, thanks!");
    await bob.page.getByRole("button", { name: "Send" }).click();
    await expect(message(bob.page, "Fine, thanks!")).toBeVisible();
    await expect(bob.page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");

    // Alice has the conversation open: the reply appears there live.
    await expect(message(page, "Fine, thanks!")).toBeVisible();
  } finally {
    await bob.close();
  }
});

test("earlier messages load on demand, and one's own message can be deleted, leaving 'Message deleted'", async ({ page, browser }, testInfo) => {
  await registerMember(page, "ann");
  const ben = await otherMember(browser, testInfo, "ben");
  try {
    // 56 messages, written by both (30 messages a minute per member): more than the page of 50.
    const conversation = await startConversation(page, [ben.account.username], "Message 1.");
    for (let number = 2; number <= 56; number++) await sendMessage(number % 2 === 0 ? ben.page : page, conversation.id, `Message ${number}.`);
    await sendMessage(page, conversation.id, "Mine, to delete.");

    await page.goto(`/messages/${conversation.id}`);
    await expect(message(page, "Mine, to delete.")).toBeVisible();
    await expect(message(page, "Message 1.")).toHaveCount(0);
    await page.getByRole("button", { name: "Load earlier messages" }).click();
    await expect(message(page, "Message 1.")).toBeVisible();
    await expect(page.getByText("The start of the conversation")).toBeVisible();
    await expect(page.getByRole("article", { name: /^Message by/ })).toHaveCount(57);

    await message(page, "Mine, to delete.").getByRole("button", { name: "Delete message" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete message" }).click();
    await expect(message(page, "Mine, to delete.")).toHaveCount(0);
    await expect(page.getByRole("article", { name: /^Message by/ }).last()).toContainText("Message deleted");
    // Others' messages offer no deleting.
    await expect(message(page, "Message 56.").getByRole("button", { name: "Delete message" })).toHaveCount(0);
  } finally {
    await ben.close();
  }
});

test("a participant adds a person, who can read it, and leaves after confirming; staff are marked by their name", async ({ page, browser }, testInfo) => {
  const amy = await registerMember(page, "amy");
  await makeAdmin(amy.username);
  const bea = await otherMember(browser, testInfo, "bea");
  const cal = await otherMember(browser, testInfo, "cal");
  try {
    const conversation = await startConversation(page, [bea.account.username], "Planning the meetup.", "Meetup");
    await page.goto(`/messages/${conversation.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Meetup" })).toBeVisible();

    await page.getByRole("button", { name: /^People/ }).click();
    const people = page.getByRole("dialog", { name: "People" });
    await people.getByRole("combobox", { name: "Add person" }).fill(cal.account.username);
    await people.getByRole("option", { name: cal.account.username }).click();
    await expect(people.getByRole("list", { name: "Participants" })).toContainText(cal.account.username);
    await expect(people.getByRole("listitem").filter({ hasText: amy.username }).locator("[data-role=admin]")).toHaveText("Admin");

    await cal.page.goto(`/messages/${conversation.id}`);
    await expect(message(cal.page, "Planning the meetup.")).toBeVisible();
    await expect(message(cal.page, "Planning the meetup.").locator("[data-role=admin]")).toHaveText("Admin");

    await people.getByRole("button", { name: "Leave conversation" }).click();
    await page.getByRole("dialog", { name: "Leave this conversation?" }).getByRole("button", { name: "Leave conversation" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole("link", { name: /Meetup/ })).toHaveCount(0);
    await page.goto(`/messages/${conversation.id}`);
    await expect(page.getByText("Conversation not found")).toBeVisible();
  } finally {
    await bea.close();
    await cal.close();
  }
});

test("blocking a member collapses their posts behind Show, and they can neither start a conversation with the blocker nor comment on their profile", async ({ page, browser }, testInfo) => {
  const blocker = await registerMember(page, "blk");
  const blocked = await otherMember(browser, testInfo, "pest");
  try {
    const topic = await createTopic(page, uniqueTitle(testInfo, "Blocking"));
    await createPost(blocked.page, topic.id, "A post by the member about to be blocked.");

    await page.goto(`/user/${blocked.account.username}`);
    await page.getByRole("button", { name: "Block" }).click();
    const confirm = page.getByRole("dialog", { name: `Block ${blocked.account.username}?` });
    // The dialog says what the blocked member will meet, in the words they will read.
    await expect(confirm).toContainText("They are not notified of the block, but if they try to message you or comment, they read that you are not accepting messages or comments from them.");
    await confirm.getByRole("button", { name: "Block" }).click();
    await expect(page.getByRole("button", { name: "Unblock" })).toBeVisible();

    await page.goto(`/topic/${topic.id}`);
    const post = page.getByRole("article", { name: "Post #1" });
    await expect(post).toContainText("Post by a member you blocked");
    await expect(post).not.toContainText("about to be blocked");
    await post.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("article", { name: "Post #1" })).toContainText("A post by the member about to be blocked.");

    // The blocked member is told, under the recipients, with the server's words.
    await blocked.page.goto(`/user/${blocker.username}`);
    await blocked.page.getByRole("button", { name: "Message" }).click();
    const dialog = blocked.page.getByRole("dialog", { name: "New message" });
    await dialog.getByRole("textbox", { name: "First message" }).fill("Hello?");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("This member is not accepting messages from you");
    await expect(dialog.getByRole("combobox", { name: "Add a member" })).toHaveAccessibleDescription("This member is not accepting messages from you");
    await expect(blocked.page).toHaveURL(new RegExp(`/user/${blocker.username}$`));
    await blocked.page.keyboard.press("Escape");
    // Nor a comment: the profile offers no comment box, and says why in the server's words.
    await expect(blocked.page.getByText("This member is not accepting comments from you")).toBeVisible();
    await expect(blocked.page.getByRole("textbox", { name: "Comment" })).toHaveCount(0);

    // The dashboard lists the blocked member, with Unblock.
    await page.goto("/dashboard");
    const list = page.getByRole("list", { name: "Blocked members" });
    await expect(list).toContainText(blocked.account.username);
    await list.getByRole("button", { name: `Unblock ${blocked.account.username}` }).click();
    await expect(page.getByText("You have not blocked anyone.")).toBeVisible();
  } finally {
    await blocked.close();
  }
});

test("reading a conversation in one tab clears its unread count in the member's other tab, live", async ({ page, browser }, testInfo) => {
  const alice = await registerMember(page, "alice");
  const bob = await otherMember(browser, testInfo, "bob");
  try {
    const conversation = await startConversation(bob.page, [alice.username], "Read me in one tab");
    // Alice's second tab: the same browser, the same session.
    const other = await page.context().newPage();
    await other.goto("/");
    await expect(messagesNavigation(other)).toHaveAccessibleName(/1 unread/);

    await page.goto(`/messages/${conversation.id}`);
    await expect(message(page, "Read me in one tab")).toBeVisible();
    await expect(messagesNavigation(page)).not.toHaveAccessibleName(/unread/);
    await expect(messagesNavigation(other)).not.toHaveAccessibleName(/unread/);
  } finally {
    await bob.close();
  }
});
