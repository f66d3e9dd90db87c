import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/accessibility";
import { createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn } from "./support/members";

// Watched words (docs/product.md "Watched words"): an administrator adds a blocked word on
// /admin/watched-words; a member's reply with it is refused, the reason under the composer and
// their text kept; once the word is removed, the same reply goes through.
test.describe.configure({ timeout: 90_000 });

async function memberPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  return (await browser.newContext({ baseURL, viewport, isMobile, hasTouch })).newPage();
}

test("an admin blocks a word; a member's reply with it is refused in the composer, nothing typed lost", { tag: "@phone" }, async ({ page, browser }, testInfo) => {
  const word = `blockme${Date.now().toString(36)}${testInfo.project.name.replace(/\W/g, "")}`;

  await signIn(page, FOUNDER);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Watched words" }).click();
  await expect(page).toHaveURL("/admin/watched-words");
  await expect(page.getByRole("heading", { level: 1, name: "Watched words" })).toBeVisible();

  // The form's own check first, then the word.
  await page.getByRole("button", { name: "Add word" }).click();
  await expect(page.getByText("Word required")).toBeVisible();
  await page.getByLabel("Word or phrase").fill(word);
  await expect(page.getByLabel("Action")).toHaveValue("block");
  await page.getByRole("button", { name: "Add word" }).click();
  const list = page.getByRole("list", { name: "Watched words" });
  const row = list.getByRole("listitem").filter({ hasText: word });
  await expect(row).toContainText("Block");
  await expect(page.getByLabel("Word or phrase")).toHaveValue("");
  await expectAccessible(page, "watched words");
  // Nothing wider than the screen, at 375 px too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // A member replies with it, written in capitals and with an accent.
  const member = await memberPage(browser, testInfo);
  await registerMember(member, "ww");
  const topic = await createTopic(member, uniqueTitle(testInfo, "Watched"));
  await member.goto(`/topic/${topic.id}`);
  const reply = member.getByRole("textbox", { name: "Reply" });
  const typed = `First line\n\nThen ${word.toUpperCase().replace("O", "Ó")}, and more.`;
  await reply.fill(typed);
  await member.getByRole("button", { name: "Post Reply" }).click();
  const refused = `Your post contains a word that is not allowed: ${word.toUpperCase().replace("O", "Ó")}`;
  await expect(member.locator("form").getByText(refused)).toBeVisible();
  await expect(reply).toHaveValue(typed);
  await expect(reply).toHaveAttribute("aria-invalid", "true");

  // The admin removes it (asked first); the same reply then goes through.
  await row.getByRole("button", { name: `Remove ${word}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove “${word}”?` });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("listitem").filter({ hasText: word })).toHaveCount(0);

  await member.getByRole("button", { name: "Post Reply" }).click();
  await expect(reply).toHaveValue("");
  await expect(member.getByRole("article").filter({ hasText: "and more." })).toBeVisible();
  await member.context().close();
});
