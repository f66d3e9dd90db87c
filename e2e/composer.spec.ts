import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { createCategory, uniqueCategoryName } from "./support/categories";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { gradientPng } from "./support/media";
import { registerMember, signIn, type Account } from "./support/members";

// docs/product.md "Forum": the composer (drafts, preview, images, shortcuts) and Quote.

const SCREENSHOTS = "/work/scratch/composer";
const replyBox = (page: Page) => page.getByRole("textbox", { name: "Reply" });
const post = (page: Page, number: number) => page.getByRole("article", { name: `Post #${number}`, exact: true });

/** A browser context of its own with the project's viewport, signed in as `account`. */
async function secondDevice(browser: Browser, testInfo: TestInfo, account: Account): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const page = await (await browser.newContext({ baseURL, viewport, isMobile, hasTouch })).newPage();
  await signIn(page, account);
  return page;
}

/** A member on a topic of their own with one post. */
async function openTopic(page: Page, testInfo: TestInfo, label: string) {
  const member = await registerMember(page);
  const topic = await createTopic(page, uniqueTitle(testInfo, label));
  const first = await createPost(page, topic.id, "The first post.\nIt has **two** lines.");
  await page.goto(`/topic/${topic.id}`);
  // The first page a worker's fresh server renders can be slow on a busy machine.
  await expect(post(page, 1)).toBeVisible({ timeout: 15_000 });
  return { member, topic, first };
}

test("a reply draft survives a reload and another device, Ctrl+Enter sends it and the draft is gone", async ({ page, browser }, testInfo) => {
  const { member, topic } = await openTopic(page, testInfo, "Drafts");
  await replyBox(page).click();
  await replyBox(page).pressSequentially("Half a thought");
  await expect(page.getByText("Draft saved")).toBeVisible();

  await page.reload();
  await expect(replyBox(page)).toHaveValue("Half a thought");

  const elsewhere = await secondDevice(browser, testInfo, member);
  await elsewhere.goto(`/topic/${topic.id}`);
  await expect(replyBox(elsewhere)).toHaveValue("Half a thought");

  // Finished on the other device and sent with Ctrl+Enter.
  await replyBox(elsewhere).press("End");
  await replyBox(elsewhere).pressSequentially(", finished.");
  await replyBox(elsewhere).press("Control+Enter");
  await expect(post(elsewhere, 2)).toContainText("Half a thought, finished.");
  await expect(replyBox(elsewhere)).toHaveValue("");

  // Sending deleted the draft: neither device gets it back.
  await page.reload();
  await expect(post(page, 2)).toBeVisible();
  await expect(replyBox(page)).toHaveValue("");
  expect((await page.request.get(`/api/drafts/topic-${topic.id}`)).status()).toBe(204);
  await elsewhere.context().close();
});

test("the toolbar and Ctrl+B / Ctrl+I format the selection, and Preview shows the text as rendered", async ({ page }, testInfo) => {
  await openTopic(page, testInfo, "Formatting");
  const box = replyBox(page);
  await box.fill("make this strong");
  // Select "strong" and make it bold with the toolbar.
  await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(10, 16));
  await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
  await expect(box).toHaveValue("make this **strong**");
  // The selection stays on the word: Ctrl+B again takes the bold off, Ctrl+I makes it italic.
  await box.press("Control+b");
  await expect(box).toHaveValue("make this strong");
  await box.press("Control+i");
  await expect(box).toHaveValue("make this _strong_");
  await box.press("End");
  await box.press("Enter");
  await page.getByRole("button", { name: "List" }).click();
  await box.pressSequentially("one item");
  await expect(box).toHaveValue("make this _strong_\n- one item");

  await page.screenshot({ path: `${SCREENSHOTS}/composer-write-${testInfo.project.name}.png`, fullPage: false });
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(box).toBeHidden();
  // The server's rendering (POST /api/preview).
  const preview = page.getByRole("tabpanel", { name: "Preview" });
  await expect(preview.locator("em")).toHaveText("strong");
  await expect(preview.getByRole("listitem")).toHaveText("one item");
  await page.screenshot({ path: `${SCREENSHOTS}/composer-preview-${testInfo.project.name}.png`, fullPage: false });
  await page.getByRole("tab", { name: "Write" }).click();
  await expect(box).toBeVisible();
  await expect(box).toHaveValue("make this _strong_\n- one item");
});

test("pasting an image uploads it with progress and inserts it at the caret", async ({ page }, testInfo) => {
  await openTopic(page, testInfo, "Images");
  const box = replyBox(page);
  await box.fill("Before  after");
  await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(7, 7));
  const { buffer } = gradientPng("pasted.png", [200, 80, 40], [40, 80, 200], 256);
  const uploaded = page.waitForResponse((response) => response.url().endsWith("/api/upload") && response.request().method() === "POST");
  await box.evaluate((element: HTMLTextAreaElement, bytes: number[]) => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], "pasted.png", { type: "image/png" }));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, [...buffer]);
  expect((await uploaded).status()).toBe(201);
  await expect(box).toHaveValue(/^Before !\[\]\(\/uploads\/[0-9a-f]{32}\.png\) after$/);
  const url = /\((\/uploads\/[^)]+)\)/.exec(await box.inputValue())![1]!;
  expect((await page.request.get(url)).status()).toBe(200);
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(post(page, 2).locator("img")).toHaveAttribute("src", url);
  await page.screenshot({ path: `${SCREENSHOTS}/posted-image-${testInfo.project.name}.png`, fullPage: true });
});

test("Quote on a post and on selected words inserts a blockquote with its author and link into the reply box", async ({ page }, testInfo) => {
  const { member, topic, first } = await openTopic(page, testInfo, "Quotes");
  await replyBox(page).fill("My answer.");
  await post(page, 1).getByRole("button", { name: "Quote post" }).click();
  await expect(replyBox(page)).toBeFocused();
  await expect(replyBox(page)).toHaveValue(
    `My answer.\n\n> **@${member.username}** [wrote](/topic/${topic.id}?post=${first.id}):\n>\n> The first post.\n> It has **two** lines.\n\n`,
  );

  await replyBox(page).fill("");
  // Words selected in the post offer Quote under them.
  await post(page, 1).getByText("The first post.").evaluate((element) => {
    const range = document.createRange();
    range.setStart(element.firstChild!, 4);
    range.setEnd(element.firstChild!, 14);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  });
  const quote = page.getByRole("button", { name: "Quote selection" });
  await expect(quote).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/selection-quote-${testInfo.project.name}.png` });
  await quote.click();
  await expect(quote).toBeHidden();
  await expect(replyBox(page)).toHaveValue(`> **@${member.username}** [wrote](/topic/${topic.id}?post=${first.id}):\n>\n> first post\n\n`);
  await expect(replyBox(page)).toBeFocused();
});

test("the new topic's title, category, tags and description are kept as a draft until the topic is created", async ({ page, request }, testInfo) => {
  const category = await createCategory(request, { name: uniqueCategoryName("Drafts"), color: "#0e7490" });
  await registerMember(page);
  // Opening a composer asks for its draft: a missing one is no failed request.
  const failedDraftReads: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/drafts/") && response.status() >= 400) failedDraftReads.push(`${response.status()} ${response.url()}`);
  });
  await page.goto("/forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  const title = uniqueTitle(testInfo, "Asked");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: category.name });
  const tags = dialog.getByRole("combobox", { name: "Tags" });
  await tags.fill("drafts");
  await tags.press("Enter");
  await dialog.getByRole("textbox", { name: "Description" }).fill("What I meant to ask");
  await expect(dialog.getByText("Draft saved")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/new-topic-${testInfo.project.name}.png` });

  await page.reload();
  await page.getByRole("button", { name: "New Topic" }).click();
  await expect(dialog.getByRole("textbox", { name: "Description" })).toHaveValue("What I meant to ask");
  await expect(dialog.getByLabel("Title")).toHaveValue(title);
  await expect(dialog.getByRole("combobox", { name: "Category" })).toHaveValue(String(category.id));
  await expect(dialog.getByRole("button", { name: "Remove tag drafts" })).toBeVisible();

  // A last change, sent at once: the save it scheduled must not bring the posted draft back.
  await dialog.getByLabel("Title").fill(`${title}?`);
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(page).toHaveURL(/\/topic\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `${title}?` })).toBeVisible();
  await page.waitForTimeout(1_500);
  expect((await page.request.get("/api/drafts/new-topic")).status()).toBe(204);
  expect(failedDraftReads).toEqual([]);
});
