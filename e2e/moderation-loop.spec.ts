import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { DIALOG, expectAccessible } from "./support/accessibility";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, registerMembers, signIn } from "./support/members";
import { expectToast } from "./support/toasts";

/** Screenshots of each state at each width and theme, for a person to look at. */
const SCREENSHOTS = "/work/scratch/moderation-loop";

const postNumbered = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });
const notificationItem = (page: Page, text: string) => page.getByRole("list", { name: "Notifications" }).getByRole("button").filter({ hasText: text });

/** The page never scrolls sideways at this width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test("a member flags a post, staff delete it after confirming, the author is told why and the flagger the outcome", async ({ page, request }, testInfo) => {
  const author = await registerMember(page, "authr");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Watches"));
  await createPost(page, topic.id, "Welcome, everyone");
  const text = "Buy cheap watches at my shop";
  await createPost(page, topic.id, text);
  const [flagger] = await registerMembers(request, 1, "flagr");

  // The member flags it through the dialog; the button then reads Flagged, and still does on reload.
  await signIn(page, flagger!);
  await page.goto(`/topic/${topic.id}`);
  await postNumbered(page, 2).getByRole("button", { name: "Flag post" }).click();
  const flagDialog = page.getByRole("dialog", { name: "Flag this post" });
  await flagDialog.getByRole("radio", { name: "Inappropriate" }).check();
  await flagDialog.getByRole("button", { name: "Flag", exact: true }).click();
  await expectToast(page, "Flagged", "Staff will review it");
  await expect(postNumbered(page, 2).getByRole("button", { name: "Flagged" })).toBeDisabled();
  await page.reload();
  await expect(postNumbered(page, 2).getByRole("button", { name: "Flagged" })).toBeDisabled();
  await expect(postNumbered(page, 2).getByRole("button", { name: "Flag post" })).toHaveCount(0);

  // Staff delete it from the queue: nothing happens before they confirm in the dialog, which shows
  // what the author will be told.
  await signIn(page, FOUNDER);
  await page.goto("/review");
  const item = page.locator("[data-review-item]").filter({ hasText: text });
  await item.getByLabel(/^Note/).fill("Adverts are not allowed here");
  await item.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(confirm).toContainText("This cannot be undone.");
  await expect(confirm).toContainText(`@${author.username} is told:`);
  await expect(confirm.getByTestId("notice-preview")).toHaveText(
    "Your post was removed by a moderator after flags from the community (reason: Inappropriate). Staff note: “Adverts are not allowed here”",
  );
  await expectAccessible(page, "review, the confirmation of a deletion", DIALOG);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(1);
  await item.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete post" }).click();
  await expectToast(page, "Deleted", `Post by ${author.username}`);
  await expect(item).toHaveCount(0);

  // The author: a notice from staff (a shield, not a "?"), with the action, the reason and the note, that opens the topic.
  await signIn(page, author);
  await page.goto("/notifications");
  const notice = notificationItem(page, "Your post was removed by a moderator after flags from the community");
  await expect(notice).toContainText("Reason: Inappropriate");
  await expect(notice).toContainText("Staff note: “Adverts are not allowed here”");
  await expect(notice.locator('[data-notification-icon="moderation"]')).toBeVisible();
  await expectAccessible(page, "notifications, a moderation notice");
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/topic/${topic.id}$`));
  await expect(postNumbered(page, 1)).toContainText("Welcome, everyone");

  // The flagger: staff agreed.
  await signIn(page, flagger!);
  await page.goto("/notifications");
  await expect(notificationItem(page, "Staff agreed with your flag: the post was removed")).toContainText("Reason: Inappropriate");
});

test("the author is told when members' flags hide their post; the notices, the Flagged button and the confirmation at 375 and 1440 px, dark and light", async ({ page, request }, testInfo) => {
  // Four screens at four sizes and themes, each signed in as another member.
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const author = await registerMember(page, "hidn");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Flagged"));
  const post = await createPost(page, topic.id, "Cheap watches, again and again");
  const flaggers = await registerMembers(request, 3, "flgs");
  for (const flagger of flaggers) {
    await signIn(page, flagger);
    const response = await page.request.post("/api/flags", { data: { targetType: "post", targetId: post.id, reason: "spam" } });
    expect(response.status(), await response.text()).toBe(201);
  }

  for (const width of [375, 1440]) {
    for (const colorScheme of ["dark", "light"] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.emulateMedia({ colorScheme });
      const shot = (name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}-${colorScheme}.png` });

      // The author's notice: hidden by flags until staff review it.
      await signIn(page, author);
      await page.goto("/notifications");
      const notice = notificationItem(page, "Your post was hidden after flags from the community until staff review it");
      await expect(notice).toBeVisible();
      await expect(notice).toContainText("Reason: Spam");
      await expectNoSidewaysScroll(page);
      await shot("author-notice");

      // A flagger's Flagged button.
      await signIn(page, flaggers[0]!);
      await page.goto(`/topic/${topic.id}`);
      await expect(postNumbered(page, 1).getByRole("button", { name: "Flagged" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await shot("flagged-button");

      // Staff's confirmation before hiding it for good.
      await signIn(page, FOUNDER);
      await page.goto("/review");
      const item = page.locator("[data-review-item]").filter({ hasText: "Cheap watches, again and again" });
      await item.getByRole("button", { name: "Hide" }).click();
      const confirm = page.getByRole("dialog", { name: "Hide this post?" });
      await expect(confirm.getByRole("button", { name: "Hide post" })).toBeInViewport();
      await expect(confirm.getByRole("button", { name: "Cancel" })).toBeInViewport();
      await expectNoSidewaysScroll(page);
      await shot("confirm-hide");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
    }
  }

  // Hidden for good: every flagger hears staff agreed, on screen at both widths.
  await page.goto("/review");
  const item = page.locator("[data-review-item]").filter({ hasText: "Cheap watches, again and again" });
  await item.getByRole("button", { name: "Hide" }).click();
  await page.getByRole("dialog", { name: "Hide this post?" }).getByRole("button", { name: "Hide post" }).click();
  await expectToast(page, "Hidden", `Post by ${author.username}`);
  await signIn(page, flaggers[1]!);
  for (const width of [375, 1440]) {
    for (const colorScheme of ["dark", "light"] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto("/notifications");
      await expect(notificationItem(page, "Staff agreed with your flag: the post was hidden")).toContainText("Reason: Spam");
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SCREENSHOTS}/flagger-outcome-${width}-${colorScheme}.png` });
    }
  }
});
