import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";

const replyBox = (page: Page) => page.getByRole("textbox", { name: "Reply" });

/** An image of the member's own, uploaded through the API: posts show only their author's uploads as images. */
async function uploadImage(page: Page): Promise<string> {
  const buffer = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 88, g: 92, b: 232 } } }).png().toBuffer();
  const response = await page.request.post("/api/upload", { multipart: { file: { name: "diagram.png", mimeType: "image/png", buffer } } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test("a reply in Markdown shows code, a table, a quote and an image; after an edit, 'edited' opens the history", async ({ page }, testInfo) => {
  await registerMember(page, "md");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Markdown"), "Formatting test");
  const image = await uploadImage(page);
  await page.goto(`/topic/${topic.id}`);

  const source = [
    "Here is **bold**, _italic_, ~~struck~~ and `inline code`.",
    "",
    "> Quoted from the thread above, long enough to wrap on a phone screen.",
    "",
    "```",
    "const answer = compute({ width: 1440, height: 900, label: 'a line long enough to scroll sideways' });",
    "```",
    "",
    "| Plan | Price | Members | Storage | Support |",
    "|------|------:|--------:|---------|---------|",
    "| Free | 0 | 10 | 1 GB | Community forum |",
    "| Team | 12 | 100 | 50 GB | Email within a day |",
    "",
    `![A diagram](${image})`,
    "",
    "<script>alert(1)</script>",
  ].join("\n");
  await replyBox(page).fill(source);
  await page.getByRole("button", { name: "Post Reply" }).click();

  const post = page.getByRole("article", { name: "Post #1", exact: true });
  await expect(post.locator("strong")).toHaveText("bold");
  await expect(post.locator("del")).toHaveText("struck");
  await expect(post.locator("blockquote")).toContainText("Quoted from the thread above");
  await expect(post.locator("pre code")).toContainText("const answer = compute(");
  await expect(post.getByRole("table")).toBeVisible();
  await expect(post.getByRole("cell", { name: "Email within a day" })).toBeAttached();
  const picture = post.getByRole("img", { name: "A diagram" });
  await expect(picture).toHaveAttribute("width", "800");
  await expect(picture).toHaveAttribute("loading", "lazy");
  // Raw HTML is shown as the text it is.
  await expect(post.getByText("<script>alert(1)</script>")).toBeVisible();
  // Wide code and tables scroll inside the post; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await picture.scrollIntoViewIfNeeded();
  await post.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/work/scratch/markdown/post-${testInfo.project.name}.png`, fullPage: true });

  await post.getByRole("button", { name: "Edit post" }).click();
  await post.getByRole("textbox", { name: "Edit post" }).fill("Now **shorter**.");
  await post.getByRole("button", { name: "Save" }).click();
  await expect(post.locator("strong")).toHaveText("shorter");

  await post.getByRole("button", { name: "edited" }).click();
  const history = page.getByRole("dialog", { name: "Edit history" });
  const versions = history.getByRole("listitem").filter({ hasText: /^Version \d/ });
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText("Version 2 (current)");
  await expect(versions.nth(0).locator("strong")).toHaveText("shorter");
  await expect(versions.nth(1)).toContainText("Version 1");
  await expect(versions.nth(1).locator("pre code")).toContainText("const answer");
  await page.screenshot({ path: `/work/scratch/markdown/history-${testInfo.project.name}.png` });
  await history.getByRole("button", { name: "Close" }).click();
  await expect(history).toBeHidden();
});
