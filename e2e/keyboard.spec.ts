import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { currentUser } from "./support/admin";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { wavFile } from "./support/media";
import { FOUNDER, registerMember, registerMembers, signIn } from "./support/members";
import { commentOn } from "./support/people";

// The main paths walked with the keyboard alone, asserting where the focus lands after each step.
test.describe.configure({ timeout: 120_000 });

/** How many Tab presses may pass before the wanted element must have the focus. */
const MAX_TABS = 60;

/** Presses Tab until `target` has the focus (it must get it within MAX_TABS presses). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reached with Tab within ${MAX_TABS} presses`).toBeFocused();
}

/** After a route change: the new page's heading has the focus and its title was announced. */
async function expectArrivedAt(page: Page, heading: string | RegExp, title: string) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: title })).toHaveText(title);
}

/** Opens a dialog from `opener` with Enter, checks the focus is in it, closes it and checks the focus is back. */
async function openAndClose(page: Page, opener: Locator, dialogName: string, close: "Escape" | "Close button" = "Escape", focusBackTo: Locator = opener) {
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  if (close === "Escape") await page.keyboard.press("Escape");
  else {
    await tabTo(page, dialog.getByRole("button", { name: "Close", exact: true }));
    await page.keyboard.press("Enter");
  }
  await expect(dialog).toBeHidden();
  await expect(focusBackTo).toBeFocused();
}

test("sign in, open a topic and reply, and the dialogs give the focus back", { tag: "@phone" }, async ({ page, request }, testInfo) => {
  // Registered in a request context of its own (signed in there), so the page starts signed out.
  const [member] = await registerMembers(request, 1, "kb");
  const title = uniqueTitle(testInfo, "Keyboard topic");
  expect((await request.post("/api/topics", { data: { title } })).status()).toBe(201);

  // The skip link comes first and jumps past the navigation.
  await page.goto("/login");
  // The screen comes drawn in the page, inert until the app has taken it over: then it takes the keyboard (ADR 047).
  await expect(page.locator("#root")).not.toHaveAttribute("inert");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Username", { exact: true })).toBeFocused();
  await page.keyboard.type(member!.username);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(member!.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectArrivedAt(page, "Dashboard", "Dashboard | Enclave");

  // The side menu (phones) gives the focus back to its button.
  if (testInfo.project.name === "phone") await openAndClose(page, page.getByRole("button", { name: "Open menu" }), "Enclave");

  // To the forum through the navigation, then the topic, then a reply.
  if (testInfo.project.name === "phone") {
    await tabTo(page, page.getByRole("button", { name: "Open menu" }));
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("dialog").getByRole("link", { name: "Forum" }));
  } else {
    await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Forum" }));
  }
  await page.keyboard.press("Enter");
  await expectArrivedAt(page, "Forum", "Forum | Enclave");
  await openAndClose(page, page.getByRole("button", { name: "New Topic" }), "New Topic");
  await openAndClose(page, page.getByRole("button", { name: "New Topic" }), "New Topic", "Close button");

  await tabTo(page, page.getByRole("link", { name: title }));
  await page.keyboard.press("Enter");
  await expectArrivedAt(page, title, `${title} | Enclave`);
  await tabTo(page, page.getByRole("textbox", { name: "Reply" }));
  await page.keyboard.type("Typed without a mouse");
  await tabTo(page, page.getByRole("button", { name: "Post Reply" }));
  await page.keyboard.press("Enter");
  const post = page.getByRole("article", { name: "Post #1", exact: true });
  await expect(post).toContainText("Typed without a mouse");
  await openAndClose(page, post.getByRole("button", { name: "Delete post" }), "Delete this post?");

  // A profile comment's confirmation.
  const me = await currentUser(page);
  await commentOn(page, me.id, "A comment to not delete");
  await page.goto(`/user/${member!.username}`);
  await openAndClose(page, page.getByRole("button", { name: "Delete" }).first(), "Delete this comment?");
});

test("an administrator's dialogs give the focus back to the buttons that opened them", { tag: "@phone" }, async ({ page, browser, baseURL }, testInfo) => {
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const member = await registerMember(memberPage, "kba");
  const topic = await createTopic(memberPage, uniqueTitle(testInfo, "Keyboard moderation"));
  await createPost(memberPage, topic.id, "Something to moderate");
  await memberContext.close();

  await signIn(page, FOUNDER);
  await page.goto("/admin");
  const search = page.getByRole("searchbox", { name: "Search users" });
  await tabTo(page, search);
  // The username, unique to this run (a UID's digits also match other members' names).
  await page.keyboard.type(member.username);
  await page.keyboard.press("Enter");
  const actions = page.getByRole("group", { name: `Actions for ${member.username}` });
  await expect(actions).toBeVisible();
  await openAndClose(page, actions.getByRole("button", { name: "Ban" }), "Ban User");
  // The row's More menu: opened with Enter, its entries next in the Tab order; the focus comes back to More.
  const more = actions.getByRole("button", { name: "More" });
  for (const [entry, dialog, close] of [["Badges", "Badge Management", "Close button"], ["Delete", "Delete User", "Escape"]] as const) {
    await tabTo(page, more);
    await page.keyboard.press("Enter");
    await openAndClose(page, actions.getByRole("button", { name: entry }), dialog, close, more);
  }
  await openAndClose(page, page.getByRole("button", { name: "Purge expired", exact: true }), "Purge expired invites?");

  await page.goto(`/topic/${topic.id}`);
  await openAndClose(page, page.getByRole("button", { name: "Delete topic" }), "Delete this topic?");
});

test("the bio editor's tabs, the reveal screen and the music player", { tag: "@phone" }, async ({ page, browser }, testInfo) => {
  const member = await registerMember(page, "kbb");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const audio = await page.request.post("/api/upload", { multipart: { kind: "trackAudio", file: wavFile("long.wav", 20) } });
  expect(audio.status(), await audio.text()).toBe(201);
  const { url: trackAudio } = (await audio.json()) as { url: string };
  const saved = await page.request.patch("/api/bio", { data: { trackAudio, trackName: "Long Hum", enableRevealScreen: true } });
  expect(saved.status(), await saved.text()).toBe(200);

  // The editor's tabs: arrows move between them, Home goes back to the first.
  await page.goto("/bio");
  const basic = page.getByRole("tab", { name: "Basic" });
  await tabTo(page, basic);
  for (const name of ["Colors", "Dimensions", "Music", "Links"]) {
    await page.keyboard.press("ArrowRight");
    const tab = page.getByRole("tab", { name });
    await expect(tab).toBeFocused();
    await expect(tab).toHaveAttribute("aria-selected", "true");
  }
  await page.keyboard.press("Home");
  await expect(basic).toBeFocused();
  await expect(basic).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Basic" })).toBeFocused();

  // A visitor: the reveal screen has the focus, Enter passes it and the focus goes to the card.
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const visitor = await (await browser.newContext({ baseURL, viewport, isMobile, hasTouch })).newPage();
  await visitor.goto(`/${member.username}`);
  await expect(visitor.getByTestId("reveal-screen")).toBeFocused();
  await visitor.keyboard.press("Enter");
  const card = visitor.getByTestId("bio-card");
  await expect(card).toBeVisible();
  await expect.poll(() => card.evaluate((element) => element.parentElement!.contains(document.activeElement))).toBe(true);

  // The player: play and pause with Enter and Space, seek with the arrows.
  const player = visitor.getByRole("region", { name: "Music player" });
  const playing = player.getByRole("button", { name: "Pause" });
  await expect(playing).toBeVisible(); // it started by itself after the reveal
  await tabTo(visitor, playing);
  await visitor.keyboard.press("Enter");
  await expect(player.getByRole("button", { name: "Play" })).toBeFocused();
  const seek = player.getByRole("slider", { name: "Seek" });
  await visitor.keyboard.press("Tab");
  await expect(seek).toBeFocused();
  const before = Number(await seek.getAttribute("aria-valuenow"));
  await visitor.keyboard.press("ArrowRight");
  await expect(seek).toHaveAttribute("aria-valuenow", String(before + 5));
  await visitor.keyboard.press("ArrowLeft");
  await expect(seek).toHaveAttribute("aria-valuenow", String(before));
  await visitor.keyboard.press("Shift+Tab");
  await visitor.keyboard.press(" ");
  await expect(player.getByRole("button", { name: "Pause" })).toBeFocused();
  await visitor.context().close();
});
