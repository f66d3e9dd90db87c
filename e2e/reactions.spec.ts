import type { Locator, Page } from "@playwright/test";
import { expectAccessible } from "./support/accessibility";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";
import { expectToast } from "./support/toasts";

const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });
const reactions = (article: Locator) => article.getByRole("group", { name: "Reactions" });

/** Chooses a reaction from the post's picker. */
async function pick(article: Locator, label: string) {
  await reactions(article).getByRole("button", { name: "Add reaction" }).click();
  await article.getByRole("group", { name: "Choose a reaction" }).getByRole("button", { name: label, exact: true }).click();
}

/** Lists who gave a reaction: a hover with a mouse, a long press on a touch screen. */
async function showWhoReacted(page: Page, count: Locator, touch: boolean) {
  if (!touch) return count.hover();
  await count.dispatchEvent("pointerdown", { pointerType: "touch", isPrimary: true, button: 0 });
  await expect(page.getByRole("tooltip")).toBeVisible();
  await count.dispatchEvent("pointerup", { pointerType: "touch", isPrimary: true, button: 0 });
}

test("a member reacts to a post, sees the count and who reacted, and takes it back", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Reactions"));
  await createPost(page, topic.id, "Our first meetup is on Friday.");

  const reactor = await registerMember(page);
  await createPost(page, topic.id, "See you there!");
  await page.goto(`/topic/${topic.id}`);
  const theirs = post(page, 1);
  const own = post(page, 2);
  await expect(theirs).toContainText("Our first meetup is on Friday.");

  // Nothing is offered on one's own post.
  await expect(own).toContainText("See you there!");
  await expect(own.getByRole("button", { name: "Add reaction" })).toHaveCount(0);

  // Reacting shows at once, pressed, with its count; the server keeps it.
  await pick(theirs, "Love");
  const love = reactions(theirs).getByRole("button", { name: "Love: 1" });
  await expect(love).toHaveAttribute("aria-pressed", "true");
  await pick(theirs, "Like");
  // In the set's order, whatever the order given.
  await expect(reactions(theirs).getByRole("button", { name: /^(Like|Love): \d+$/ })).toHaveText(["👍1", "❤️1"]);
  await page.reload();
  await expect(reactions(post(page, 1)).getByRole("button", { name: "Love: 1" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "topic, reactions");
  await reactions(post(page, 1)).getByRole("button", { name: "Add reaction" }).click();
  await expect(post(page, 1).getByRole("group", { name: "Choose a reaction" }).getByRole("button", { name: "Love" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page, "topic, reaction picker");
  await page.keyboard.press("Escape");
  await expect(post(page, 1).getByRole("group", { name: "Choose a reaction" })).toHaveCount(0);
  await expect(reactions(post(page, 1)).getByRole("button", { name: "Add reaction" })).toBeFocused();

  // Who reacted.
  await showWhoReacted(page, reactions(post(page, 1)).getByRole("button", { name: "Love: 1" }), testInfo.project.name === "phone");
  await expect(page.getByRole("tooltip")).toHaveText(`Love: ${reactor.username}`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // A refusal undoes the reaction, with a toast.
  await page.route("**/api/posts/*/reactions/wow", (route) =>
    route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "You are reacting too fast, please wait a moment" }) }),
  );
  await pick(post(page, 1), "Wow");
  await expectToast(page, "Failed to update reaction", "You are reacting too fast, please wait a moment");
  await expect(reactions(post(page, 1)).getByRole("button", { name: /^Wow/ })).toHaveCount(0);

  // Taking it back.
  await reactions(post(page, 1)).getByRole("button", { name: "Love: 1" }).click();
  await expect(reactions(post(page, 1)).getByRole("button", { name: /^Love/ })).toHaveCount(0);
  await page.reload();
  await expect(reactions(post(page, 1)).getByRole("button", { name: "Like: 1" })).toHaveAttribute("aria-pressed", "true");
  await expect(reactions(post(page, 1)).getByRole("button", { name: /^Love/ })).toHaveCount(0);
});
