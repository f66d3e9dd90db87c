import type { Page } from "@playwright/test";
import { HIDDEN_TEXT_NOTICE } from "../shared/flags";
import { expect, test } from "./support/test";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, registerMembers, signIn, type Account } from "./support/members";
import { expectToast } from "./support/toasts";

const firstPost = (page: Page) => page.getByRole("article", { name: "Post #1", exact: true });

/** Flags the post through the API as `member` (the page's context is signed in as them). */
async function flagAs(page: Page, member: Account, postId: number) {
  await signIn(page, member);
  const response = await page.request.post("/api/flags", { data: { targetType: "post", targetId: postId, reason: "spam" } });
  expect(response.status(), await response.text()).toBe(201);
}

test("three members flag a post, which is hidden for a fourth until a moderator keeps it from /review", async ({ page, request }, testInfo) => {
  await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Flags"));
  const text = "Buy cheap watches at my shop";
  const post = await createPost(page, topic.id, text);
  const [first, second, third, reader] = await registerMembers(request, 4, "flag");

  // The first flag through the dialog, with a reason ("Something else" without a note, and a second
  // flag by the same member, are refused in the dialog: flag-dialog.test.tsx).
  await signIn(page, first!);
  await page.goto(`/topic/${topic.id}`);
  await firstPost(page).getByRole("button", { name: "Flag post" }).click();
  const dialog = page.getByRole("dialog", { name: "Flag this post" });
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: "Flag", exact: true }).click();
  await expectToast(page, "Flagged", "Staff will review it");
  await expect(firstPost(page)).toContainText(text);

  await flagAs(page, second!, post.id);
  await flagAs(page, third!, post.id);

  // Hidden for everyone else.
  await signIn(page, reader!);
  await page.goto(`/topic/${topic.id}`);
  await expect(firstPost(page)).toContainText(HIDDEN_TEXT_NOTICE);
  await expect(firstPost(page)).not.toContainText(text);

  // Staff see the pending count, and keep it from the queue.
  await signIn(page, FOUNDER);
  await page.goto("/review");
  // The bar's Staff menu carries the count, and holds the Review link with it.
  const staffMenu = page.getByRole("banner").getByRole("button", { name: /^Staff\s*, \d+ unread$/ });
  await staffMenu.click();
  await expect(page.getByRole("group", { name: "Staff" }).getByRole("link", { name: /^Review\s*, \d+ unread$/ })).toBeVisible();
  await page.keyboard.press("Escape");
  const item = page.locator("[data-review-item]").filter({ hasText: text });
  await expect(item).toContainText("3 flags");
  await expect(item).toContainText("Spam");
  await item.getByRole("button", { name: "Keep" }).click();
  await expectToast(page, "Kept", "Post by");
  await expect(item).toHaveCount(0);

  // Visible again.
  await signIn(page, reader!);
  await page.goto(`/topic/${topic.id}`);
  await expect(firstPost(page)).toContainText(text);
  await expect(firstPost(page)).not.toContainText(HIDDEN_TEXT_NOTICE);
});

test("a profile's Flag card button says what it flags, and its dialog names the member's card", async ({ page }) => {
  const owner = await registerMember(page, "card");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  await registerMember(page, "flagr");

  await page.goto(`/user/${owner.username}`);
  // Its visible words, not only its accessible name, say what it flags.
  const flag = page.getByRole("button", { name: "Flag card", exact: true });
  await expect(flag).toHaveText("Flag card");
  await flag.click();
  const dialog = page.getByRole("dialog", { name: `Flag @${owner.username}'s card` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Spam" }).check();
  await dialog.getByRole("button", { name: "Flag", exact: true }).click();
  await expectToast(page, "Flagged", "Staff will review it");
});
