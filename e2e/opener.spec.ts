import { expect, test } from "./support/test";
import { createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";

/** docs/product.md "The opener is a post": the topic's opening text rendered, reacted to and quoted like a post. */
test("a topic's opener shows rendered, takes a reaction and is quoted into the reply", async ({ page }, testInfo) => {
  await registerMember(page);
  const title = uniqueTitle(testInfo, "Opener");
  const topic = await createTopic(page, title, "Read **the** rules.\n\n> A quoted line\n\n| Day | Place |\n|---|---|\n| Friday | Park |");

  await registerMember(page);
  await page.goto(`/topic/${topic.id}`);
  const opener = page.getByRole("region", { name: "Opening post" });
  await expect(opener.locator("strong")).toHaveText("the");
  await expect(opener.locator("blockquote")).toContainText("A quoted line");
  await expect(opener.getByRole("table")).toContainText("Friday");
  await expect(opener).not.toContainText("**");
  await expect(opener).not.toContainText("|---|");

  // A reaction, kept by the server.
  await opener.getByRole("button", { name: "Add reaction" }).click();
  await opener.getByRole("group", { name: "Choose a reaction" }).getByRole("button", { name: "Like", exact: true }).click();
  await expect(opener.getByRole("button", { name: "Like: 1" })).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("region", { name: "Opening post" }).getByRole("button", { name: "Like: 1" })).toHaveAttribute("aria-pressed", "true");

  // Quote puts its text into the reply box, headed with its author and a link to the topic.
  await page.getByRole("region", { name: "Opening post" }).getByRole("button", { name: "Quote post" }).click();
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveValue(new RegExp(`^> \\*\\*@${topic.authorUsername}\\*\\* \\[wrote\\]\\(/topic/${topic.id}\\):\\n>\\n> Read \\*\\*the\\*\\* rules\\.`));

  // The list shows it as plain text.
  await page.goto("/forum");
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("Read the rules.");
  await expect(row).not.toContainText("**");
});
