import type { Page } from "@playwright/test";
import type { Category } from "../shared/types/categories";
import { expect, test } from "./support/test";
import { createCategory, createFiledTopic, uniqueCategoryName, uniqueTag } from "./support/categories";
import { uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn } from "./support/members";

// Finding your way: the list's tabs and filters in the address, /c/{slug} and /tag/{name}, a new
// topic's category and tags, editing a topic in place and the admins' categories.
// Several writes and screens per test, on a machine shared with other test runs.
test.describe.configure({ timeout: 90_000 });

const topicLink = (page: Page, title: string) => page.getByRole("list", { name: "Topics" }).getByRole("link", { name: title });
/** The list's topics (its own items, not the tags listed inside them). */
const topicRows = (page: Page) => page.getByRole("list", { name: "Topics" }).locator(":scope > li");

test("the tabs and the category and tag filters live in the address, and Back undoes each step", async ({ page, request }, testInfo) => {
  const category = await createCategory(request, { name: uniqueCategoryName("Help"), color: "#0ea5e9" });
  const tag = uniqueTag("rust");
  await registerMember(page);
  const tagged = await createFiledTopic(page, { title: uniqueTitle(testInfo, "Borrowing"), categoryId: category.id, tags: [tag] });
  const untagged = await createFiledTopic(page, { title: uniqueTitle(testInfo, "Lifetimes"), categoryId: category.id });
  const elsewhere = await createFiledTopic(page, { title: uniqueTitle(testInfo, "Elsewhere"), tags: [tag] });

  await page.goto("/forum");
  const tabs = page.getByRole("navigation", { name: "Topic lists" });
  await expect(tabs.getByRole("link", { name: "Latest" })).toHaveAttribute("aria-current", "page");
  await expect(topicLink(page, tagged.title)).toBeVisible();

  // Top, with a period.
  await tabs.getByRole("link", { name: "Top" }).click();
  await expect(page).toHaveURL("/forum?filter=top");
  await expect(tabs.getByRole("link", { name: "Top" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("combobox", { name: "Period" }).selectOption({ label: "This week" });
  await expect(page).toHaveURL("/forum?filter=top&period=week");
  await expect(topicLink(page, tagged.title)).toBeVisible();

  // Latest again, then the category: its own address.
  await tabs.getByRole("link", { name: "Latest" }).click();
  await expect(page).toHaveURL("/forum");
  await page.getByRole("combobox", { name: "Category" }).selectOption({ label: category.name });
  await expect(page).toHaveURL(`/c/${category.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: category.name })).toBeVisible();
  await expect(topicLink(page, untagged.title)).toBeVisible();
  await expect(topicLink(page, tagged.title)).toBeVisible();
  await expect(topicLink(page, elsewhere.title)).toHaveCount(0);

  // And the tag within it.
  await page.getByRole("combobox", { name: "Tag" }).selectOption(tag);
  await expect(page).toHaveURL(`/c/${category.slug}?tag=${tag}`);
  await expect(topicLink(page, tagged.title)).toBeVisible();
  await expect(topicRows(page)).toHaveCount(1);

  // Unread: the member has opened none of them, so the list says it is empty, and which one.
  await tabs.getByRole("link", { name: "Unread" }).click();
  await expect(page).toHaveURL(`/c/${category.slug}?filter=unread&tag=${tag}`);
  await expect(page.getByText(`Nothing unread in ${category.name} tagged #${tag}`)).toBeVisible();

  // A shared link opens the same list.
  await page.reload();
  await expect(page.getByText(`Nothing unread in ${category.name} tagged #${tag}`)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue(category.slug);
  await expect(page.getByRole("combobox", { name: "Tag" })).toHaveValue(tag);

  // Back, step by step.
  await page.goBack();
  await expect(page).toHaveURL(`/c/${category.slug}?tag=${tag}`);
  await expect(topicRows(page)).toHaveCount(1);
  await page.goBack();
  await expect(page).toHaveURL(`/c/${category.slug}`);
  await expect(topicLink(page, untagged.title)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL("/forum");
  await page.goBack();
  await expect(page).toHaveURL("/forum?filter=top&period=week");
  await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("week");
});

test("/c/{slug} and /tag/{name} open those lists, and a topic's chip and tags lead to them", async ({ page, request }, testInfo) => {
  const category = await createCategory(request, { name: uniqueCategoryName("Show & Tell!"), color: "#facc15", description: "Things you made." });
  const tag = uniqueTag("demo");
  await registerMember(page);
  const topic = await createFiledTopic(page, { title: uniqueTitle(testInfo, "My keyboard"), categoryId: category.id, tags: [tag, "hardware"] });

  await page.goto(`/c/${category.slug}`);
  await expect(page).toHaveTitle(`${category.name} | Enclave`);
  await expect(page.getByText("Things you made.")).toBeVisible();
  const row = topicRows(page).filter({ hasText: topic.title });
  // The chip: the category's colour, with dark text on yellow.
  const chip = row.getByRole("link", { name: category.name });
  await expect(chip).toHaveCSS("background-color", "rgb(250, 204, 21)");
  await expect(chip).toHaveCSS("color", "rgb(0, 0, 0)");
  // A topic started from here starts in this category.
  await page.getByRole("button", { name: "New Topic" }).click();
  await expect(page.getByRole("dialog", { name: "New Topic" }).getByRole("combobox", { name: "Category" })).toHaveValue(String(category.id));
  await page.keyboard.press("Escape");

  await row.getByRole("link", { name: `#${tag}` }).click();
  await expect(page).toHaveURL(`/tag/${tag}`);
  await expect(page.getByRole("heading", { level: 1, name: tag })).toBeVisible();
  await expect(topicLink(page, topic.title)).toBeVisible();

  // The topic page shows them too, as links.
  await topicLink(page, topic.title).click();
  await expect(page.getByRole("heading", { level: 1, name: topic.title })).toBeVisible();
  await page.getByRole("link", { name: category.name }).click();
  await expect(page).toHaveURL(`/c/${category.slug}`);

  // A tag nobody used, and a category that does not exist: a page that says what is empty.
  await page.goto(`/tag/${uniqueTag("nothing")}`);
  await expect(page.getByText(/^No topics tagged #nothing-\S+ yet$/)).toBeVisible();
  await page.goto("/c/no-such-category");
  await expect(page.getByText("There is no category “no-such-category”.")).toBeVisible();
  await expect(page.getByText("No topics in no-such-category yet")).toBeVisible();
});

test("a new topic gets a category and tags, suggested as one types", async ({ page, request }, testInfo) => {
  const category = await createCategory(request, { name: uniqueCategoryName("Projects"), color: "#7c3aed" });
  const used = uniqueTag("gardening");
  await registerMember(page);
  await createFiledTopic(page, { title: uniqueTitle(testInfo, "Tomatoes"), tags: [used] });

  await page.goto("/forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  await expect(dialog.getByRole("combobox", { name: "Category" })).toHaveValue("1"); // General
  const title = uniqueTitle(testInfo, "Raised beds");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("combobox", { name: "Category" }).selectOption({ label: category.name });

  const tags = dialog.getByRole("combobox", { name: "Tags" });
  // (A tag the server would refuse is refused with the reason: new-topic-dialog.test.tsx.)
  // Typed in capitals: kept as the server stores it.
  await tags.fill("Outdoor");
  await tags.press("Enter");
  await expect(dialog.getByText("#outdoor")).toBeVisible();
  // A used tag is suggested from its first letters.
  await tags.fill(used.slice(0, 12));
  await dialog.getByRole("option", { name: new RegExp(`#${used}`) }).click();
  await expect(dialog.getByRole("button", { name: `Remove tag ${used}` })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Topic" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const header = page.getByRole("heading", { level: 1, name: title }).locator("xpath=ancestor::*[contains(@class,'p-5')][1]");
  await expect(header.getByRole("link", { name: category.name })).toHaveAttribute("href", `/c/${category.slug}`);
  await expect(header.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText(["#outdoor", `#${used}`]);
});

test("the author edits the title, category and tags in place; another member cannot", async ({ page, request }, testInfo) => {
  const category = await createCategory(request, { name: uniqueCategoryName("Ideas"), color: "#14532d" });
  await registerMember(page);
  const topic = await createFiledTopic(page, { title: uniqueTitle(testInfo, "Typo in teh title"), tags: ["draft", "keep"] });

  await page.goto(`/topic/${topic.id}`);
  await page.getByRole("button", { name: "Edit topic" }).click();
  const form = page.getByRole("form", { name: "Edit topic" });
  // (A blank title is refused under it: topic-edit-form.test.tsx.)
  const title = uniqueTitle(testInfo, "Fixed title");
  await form.getByLabel("Title").fill(title);
  await form.getByRole("combobox", { name: "Category" }).selectOption({ label: category.name });
  await form.getByRole("button", { name: "Remove tag draft" }).click();
  await form.getByRole("combobox", { name: "Tags" }).fill("final");
  await form.getByRole("combobox", { name: "Tags" }).press("Enter");
  await form.getByRole("button", { name: "Save" }).click();

  await expect(form).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: category.name })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText(["#keep", "#final"]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("link")).toHaveText(["#keep", "#final"]);

  // Someone else reads it without an Edit button.
  await registerMember(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit topic" })).toHaveCount(0);
});

test("an admin creates, reorders and deletes a category; its topics move where the admin says; General stays", async ({ page }, testInfo) => {
  await signIn(page, FOUNDER);
  const name = uniqueCategoryName("Events");
  await page.goto("/admin");
  const section = page.getByRole("region", { name: "Categories" });
  await section.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  // (A blank name and a colour that is no hex value are refused in the dialog: category-dialog.test.tsx.)
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Colour", { exact: true }).fill("#be123c");
  await dialog.getByLabel("Description").fill("Meetups and calls.");
  await dialog.getByRole("button", { name: "Create category" }).click();
  await expect(dialog).toBeHidden();

  const list = section.getByRole("list", { name: "Categories" });
  const items = list.getByRole("listitem");
  const row = items.filter({ hasText: name });
  await expect(row).toContainText("Meetups and calls.");
  await expect(items.last()).toContainText(name); // a new category comes last
  await expect(items.first().getByRole("button", { name: /^Delete / })).toHaveCount(0); // General
  await expect(items.first()).toContainText("default for new topics");

  // Up one place, then down again.
  const count = await items.count();
  await row.getByRole("button", { name: `Move ${name} up` }).click();
  await expect(items.nth(count - 2)).toContainText(name);
  await row.getByRole("button", { name: `Move ${name} down` }).click();
  await expect(items.nth(count - 1)).toContainText(name);

  // Rename it.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const renamed = `${name} 2`;
  await page.getByRole("dialog", { name: "Edit category" }).getByLabel("Name").fill(renamed);
  await page.getByRole("dialog", { name: "Edit category" }).getByRole("button", { name: "Save" }).click();
  await expect(list.getByRole("link", { name: renamed })).toBeVisible();

  // A topic in it; deleting the category moves it where the admin says (General).
  const categories = ((await (await page.request.get("/api/categories")).json()) as { categories: Category[] }).categories;
  const created = categories.find((category) => category.name === renamed)!;
  const topic = await createFiledTopic(page, { title: uniqueTitle(testInfo, "Meetup"), categoryId: created.id });
  await page.reload();
  await row.getByRole("button", { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${renamed}?` });
  await expect(confirm).toContainText("Its 1 topic move to the category you choose.");
  await expect(confirm.getByRole("combobox", { name: "Move its topics to" })).toHaveValue("1");
  await confirm.getByRole("button", { name: "Delete category" }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByText(renamed)).toHaveCount(0);

  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByRole("link", { name: categories.find((category) => category.id === 1)!.name })).toBeVisible();
});
