import type { Browser, BrowserContextOptions, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { TOAST_DURATION_MS } from "../client/src/lib/ui-constants";
import { currentUser, userAction } from "./support/admin";
import { DIALOG, TOASTS, expectAccessible, findViolations } from "./support/accessibility";
import { createPost, createTopic, uniqueTitle } from "./support/forum";
import { gradientPng, wavFile } from "./support/media";
import { FOUNDER, registerMember, registerMembers, signIn } from "./support/members";
import { startConversation } from "./support/messages";
import { openNavigation } from "./support/navigation";
import { commentOn } from "./support/people";
import { expectToast } from "./support/toasts";

// axe-core's WCAG 2.1 A/AA rules on every screen, in each state a user reaches, in both themes (dark
// and light), at both widths (the desktop and phone projects). Each test walks one kind of visitor through its screens; a violation
// is reported with the state it was found in, and the walk goes on to report the others too. A
// dialog or a toast is checked on its own: the screen under it was checked just before.
test.describe.configure({ timeout: 180_000 });

/** A fresh browser context with the project's viewport (or `options`); signed out until told otherwise. */
async function newPage(browser: Browser, testInfo: TestInfo, options: BrowserContextOptions = {}): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, ...options });
  return context.newPage();
}

/** Opens the side menu on a phone (the bar has nothing to open on a wide screen), checks it and closes it. */
async function checkSideMenu(page: Page, state: string) {
  if (!page.viewportSize() || page.viewportSize()!.width >= 768) return;
  await openNavigation(page);
  await expectAccessible(page, `${state}, side menu open`, DIALOG);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
}

/** Uploads a file as the page's member, through the API; returns its URL. */
async function upload(page: Page, kind: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<string> {
  const response = await page.request.post("/api/upload", { multipart: { kind, file } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

test("the check finds what it is for: faint text, an unnamed field, in dialogs too, and not in what it leaves out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();
  expect(await findViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const faint = Object.assign(document.createElement("p"), { textContent: "Barely there" });
    faint.style.cssText = "color: #777; background: #888";
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.append(document.createElement("input"));
    document.querySelector("main")!.append(faint, dialog);
  });
  expect((await findViolations(page)).map((violation) => violation.rule).sort()).toEqual(["color-contrast", "label"]);
  expect((await findViolations(page, DIALOG)).map((violation) => violation.rule)).toEqual(["label"]);
  expect(await findViolations(page, TOASTS)).toEqual([]);
});

test("signed-out screens", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Welcome to Enclave" })).toBeVisible();
  await expectAccessible(page, "landing");
  await checkSideMenu(page, "landing");

  await page.goto("/login");
  // The screen is a lazy chunk: check it once it is there, not the frame before.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "login, empty");
  await page.getByLabel("Username", { exact: true }).fill("nobody_here");
  await page.getByLabel("Password", { exact: true }).fill("Wrong-pass-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expectToast(page, "Login failed", "Invalid username or password");
  await expectAccessible(page, "login, filled");
  await expectAccessible(page, "login, error toast", TOASTS);

  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "register, empty");
  await page.getByLabel("Username", { exact: true }).fill("ab");
  await page.getByLabel("Password", { exact: true }).fill("lowercase1");
  await page.getByLabel("Invite Code", { exact: true }).fill("ABCDEFGHJKMN");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Username must be at least 3 characters")).toBeVisible();
  await expectAccessible(page, "register, field errors");

  await page.goto("/forum");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expectAccessible(page, "access denied");

  await page.goto("/nobody_has_this_name");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expectAccessible(page, "public card, user not found");
});

test("forum screens", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page, "a11yf");

  await page.goto("/forum");
  await expect(page.getByRole("heading", { level: 1, name: "Forum" })).toBeVisible();
  await expectAccessible(page, "forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  const dialog = page.getByRole("dialog", { name: "New Topic" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "forum, new topic dialog", DIALOG);
  await dialog.getByRole("button", { name: "Create Topic" }).click();
  await expect(dialog.getByText("Title required")).toBeVisible();
  await expectAccessible(page, "forum, new topic dialog, field error", DIALOG);
  await page.keyboard.press("Escape");

  const topic = await createTopic(page, uniqueTitle(testInfo, "Accessible topic"), "A description with https://example.org/a-link.");
  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByText("No replies yet")).toBeVisible();
  await expectAccessible(page, "topic, no replies");
  await page.getByRole("button", { name: "Post Reply" }).click();
  await expect(page.getByText("Content required")).toBeVisible();
  await expectAccessible(page, "topic, field error");
  await createPost(page, topic.id, "A first reply, with a link: https://example.org/welcome");
  await page.reload();
  const post = page.getByRole("article", { name: "Post #1", exact: true });
  await expect(post).toBeVisible();
  await expectAccessible(page, "topic, with a reply");
  await post.getByRole("button", { name: "Edit post" }).click();
  await expectAccessible(page, "topic, editing a reply");
  await post.getByRole("button", { name: "Cancel" }).click();
  await post.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByRole("dialog", { name: "Delete this post?" })).toBeVisible();
  await expectAccessible(page, "topic, delete confirmation", DIALOG);
  await page.keyboard.press("Escape");

  await page.goto("/topic/999999999");
  await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
  await expectAccessible(page, "topic not found");

});

test("people screens", { tag: "@phone" }, async ({ page }) => {
  const member = await registerMember(page, "a11yp");
  const me = await currentUser(page);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expectAccessible(page, "dashboard, no bio card");
  await checkSideMenu(page, "dashboard");

  await page.goto(`/user/${member.username}`);
  await expect(page.getByRole("heading", { level: 1, name: member.username })).toBeVisible();
  await expectAccessible(page, "own profile, no comments");
  await commentOn(page, me.id, "Hello from my own wall");
  await page.reload();
  await expect(page.getByText("Hello from my own wall").first()).toBeVisible();
  await expectAccessible(page, "own profile, a comment");
  await page.getByRole("button", { name: "Delete" }).first().click();
  await expect(page.getByRole("dialog", { name: "Delete this comment?" })).toBeVisible();
  await expectAccessible(page, "profile, delete comment confirmation", DIALOG);
  await page.keyboard.press("Escape");

  await page.goto("/user/nobody_has_this_name");
  await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
  await expectAccessible(page, "profile not found");

  await page.goto("/userlist");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "members list");

  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expectAccessible(page, "page not found");

});

test("bio editor", { tag: "@phone" }, async ({ page }) => {
  const member = await registerMember(page, "a11yb");

  // First the prompt to create a card, then each tab.
  await page.goto("/bio");
  await expect(page.getByRole("button", { name: "Create Bio Card" })).toBeVisible();
  await expectAccessible(page, "bio editor, no card yet");
  await page.getByRole("button", { name: "Create Bio Card" }).click();
  await expect(page.getByRole("tab", { name: "Basic" })).toHaveAttribute("aria-selected", "true");
  await expectAccessible(page, "bio editor, basic tab");
  await page.getByRole("switch", { name: "Enable Reveal Screen" }).click();
  // Phones show the settings or the preview (switched in the save bar); wide screens both.
  const showPane = async (pane: string) => {
    const toggle = page.getByRole("group", { name: "Show" }).getByRole("button", { name: pane, exact: true });
    if (await toggle.isVisible()) await toggle.click();
  };
  await showPane("Preview");
  await page.getByRole("button", { name: "Show Reveal Screen Again" }).click();
  await expectAccessible(page, "bio editor, reveal screen in the preview");
  await page.getByTestId("preview-reveal-overlay").click();
  await showPane("Settings");
  for (const tab of ["Colors", "Dimensions", "Music", "Links"]) {
    await page.getByRole("tab", { name: tab }).click();
    await expectAccessible(page, `bio editor, ${tab.toLowerCase()} tab`);
  }
  await page.getByRole("button", { name: "Add Link" }).click();
  await expect(page.getByText("Please fill in the title and URL")).toBeVisible();
  await expectAccessible(page, "bio editor, links tab, field error");
  await page.getByRole("tab", { name: "Analytics" }).click();
  await expect(page.getByText("No views or clicks in the last 30 days")).toBeVisible();
  await expectAccessible(page, "bio editor, analytics tab, nothing yet");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Share your card" }).getByRole("link", { name: "Download PNG" })).toBeVisible();
  await expectAccessible(page, "bio editor, share dialog", DIALOG);
  await page.keyboard.press("Escape");

  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "View Public Card" }).or(page.getByText(`/${member.username}`)).first()).toBeVisible();
  await expectAccessible(page, "dashboard, with a bio card");
});

test("admin screens and dialogs", { tag: "@phone" }, async ({ page }, testInfo) => {
  const memberPage = await newPage(page.context().browser()!, testInfo);
  const member = await registerMember(memberPage, "a11ya");
  const { id: memberId } = await currentUser(memberPage);
  const topic = await createTopic(memberPage, uniqueTitle(testInfo, "Moderated topic"));
  await memberPage.context().close();

  await signIn(page, FOUNDER);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  await expectAccessible(page, "admin");
  await checkSideMenu(page, "admin");

  const search = page.getByRole("searchbox", { name: "Search users" });
  await search.fill(String(memberId));
  await search.press("Enter");
  await expect(page.locator(`[data-user-id="${memberId}"]:visible`)).toContainText(member.username);
  await userAction(page, member.username, "Role");
  await expectAccessible(page, "admin, a row's More menu");
  await page.keyboard.press("Escape");
  for (const [button, title] of [
    ["Ban", "Ban User"],
    ["Badges", "Badge Management"],
    ["Delete", "Delete User"],
  ] as const) {
    await (await userAction(page, member.username, button)).click();
    await expect(page.getByRole("dialog", { name: title })).toBeVisible();
    await expectAccessible(page, `admin, ${title} dialog`, DIALOG);
    if (button === "Ban") {
      await page.getByRole("dialog").getByRole("button", { name: "Ban User" }).click();
      await expect(page.getByRole("dialog").getByText("Ban reason is required")).toBeVisible();
      await expectAccessible(page, "admin, Ban User dialog, field error", DIALOG);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
  }
  await page.getByRole("button", { name: "Purge expired", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Purge expired invites?" })).toBeVisible();
  await expectAccessible(page, "admin, purge confirmation", DIALOG);
  await page.keyboard.press("Escape");

  await page.goto(`/topic/${topic.id}`);
  await expect(page.getByRole("button", { name: "Delete topic" })).toBeVisible();
  await expectAccessible(page, "topic with admin actions");
  await page.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unlock", exact: true })).toBeVisible();
  await expectAccessible(page, "locked topic");
  await page.getByRole("button", { name: "Delete topic" }).click();
  await expect(page.getByRole("dialog", { name: "Delete this topic?" })).toBeVisible();
  await expectAccessible(page, "topic, delete confirmation", DIALOG);
});

test("banned screen and public cards", { tag: "@phone" }, async ({ page, browser, request }, testInfo) => {
  const member = await registerMember(page, "a11yc");
  const { id: memberId } = await currentUser(page);

  // A card with everything on it behind a reveal screen.
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const files = {
    bioAvatar: await upload(page, "bioAvatar", gradientPng("avatar.png", [88, 92, 232], [236, 72, 153])),
    bioBanner: await upload(page, "banner", gradientPng("banner.png", [15, 23, 42], [88, 92, 232])),
    trackAudio: await upload(page, "trackAudio", wavFile()),
  };
  const saved = await page.request.patch("/api/bio", {
    data: {
      ...files,
      displayName: "Accessible Card",
      bioText: "Links and a song.",
      location: "Lisbon",
      showUid: true,
      enableRevealScreen: true,
      revealScreenText: "Step inside",
      usernameSparkles: "rainbow",
      trackName: "Engine Hum",
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const link = await page.request.post("/api/user/links", { data: { title: "My GitHub", url: "https://github.com/example", iconType: "built-in", iconName: "Github" } });
  expect(link.status(), await link.text()).toBe(201);

  const visitor = await newPage(browser, testInfo);
  await visitor.goto(`/${member.username}`);
  await expect(visitor.getByTestId("reveal-screen")).toBeFocused();
  await expectAccessible(visitor, "public card, reveal screen");
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByRole("region", { name: "Music player" })).toBeVisible();
  await expectAccessible(visitor, "public card, revealed, with a player");

  // The same card without the reveal screen and with the default look.
  expect((await page.request.patch("/api/bio", { data: { enableRevealScreen: false, usernameSparkles: "none" } })).status()).toBe(200);
  // The server keeps a rendered card until it hears the change announced, a moment after the PATCH answered.
  await expect(async () => {
    await visitor.goto(`/${member.username}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Accessible Card" })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expectAccessible(visitor, "public card, no reveal screen");
  await visitor.context().close();

  // Banned: the only screen left.
  const login = await request.post("/api/auth/login", { data: FOUNDER });
  expect(login.status()).toBe(200);
  const ban = await request.post(`/api/admin/users/${memberId}/ban`, { data: { reason: "Testing the banned screen" } });
  expect(ban.status(), await ban.text()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Account Banned" })).toBeVisible();
  await expectAccessible(page, "banned");
});

/** What is animating on the page right now (CSS animations by name, transitions by property). */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === "running")
      .map((animation) => (animation instanceof CSSAnimation ? animation.animationName : animation instanceof CSSTransition ? `transition ${animation.transitionProperty}` : "script")),
  );
}

test("with reduced motion asked for, nothing animates: dialogs, side menu, toasts, card effects, tilt", { tag: "@phone" }, async ({ browser }, testInfo) => {
  const page = await newPage(browser, testInfo, { reducedMotion: "reduce" });
  const member = await registerMember(page, "a11ym");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const saved = await page.request.patch("/api/bio", {
    data: { displayName: "Still Card", enterAnimation: "bounce", usernameSparkles: "rainbow", enableRevealScreen: true },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto("/forum");
  await page.getByRole("button", { name: "New Topic" }).click();
  await expect(page.getByRole("dialog", { name: "New Topic" })).toBeVisible();
  expect(await runningAnimations(page), "dialog opening").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  expect(await runningAnimations(page), "dialog closing").toEqual([]);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated", "Your contact information has been saved");
  expect(await runningAnimations(page), "toast appearing").toEqual([]);
  if (testInfo.project.name === "phone") {
    await openNavigation(page);
    expect(await runningAnimations(page), "side menu opening").toEqual([]);
    await page.keyboard.press("Escape");
  }

  await page.goto(`/${member.username}`);
  await expect(page.getByTestId("reveal-screen")).toBeVisible();
  expect(await runningAnimations(page), "reveal screen").toEqual([]);
  await page.keyboard.press("Enter");
  const card = page.getByTestId("bio-card");
  await expect(card.getByRole("heading", { level: 1, name: "Still Card" })).toBeVisible();
  expect(await runningAnimations(page), "card entrance and sparkles").toEqual([]);
  const frame = card.locator("xpath=..");
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2, { steps: 3 });
  expect(await frame.evaluate((element) => (element as HTMLElement).style.transform), "tilt").toBe("");
  await page.context().close();
});

test("toasts: errors are alerts, the others status messages, and a toast stays while the pointer is on its close button", { tag: "@phone" }, async ({ page }) => {
  const member = await registerMember(page, "a11yt");
  // The page's timers run on a clock the test can move on: the hovered toast is held past its duration.
  await page.clock.install();
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Username", { exact: true }).fill(member.username);
  await page.getByLabel("Password", { exact: true }).fill("Wrong-pass-1");
  await page.getByRole("button", { name: "Login" }).click();
  const error = await expectToast(page, "Login failed", "Invalid username or password");
  await expect(error.getByRole("alert")).toContainText("Login failed");
  await expect(error.getByRole("status")).toHaveCount(0);

  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Login" }).click();
  // Held while the pointer is on its close button (the rest of a toast lets the pointer through to
  // what is under it), well past its 4 s; it goes once the pointer leaves. A toast still fading in
  // takes no pointer.
  const welcome = page.getByRole("region", { name: "Toast notifications" }).getByRole("listitem").filter({ hasText: "Login successful!" });
  await expect(welcome).toHaveAttribute("data-phase", "open");
  await welcome.getByRole("button", { name: "Close" }).hover();
  await expect(welcome.getByRole("status")).toContainText("Login successful!");
  await page.clock.fastForward(TOAST_DURATION_MS + 1_000);
  await expect(welcome).toHaveAttribute("data-phase", "open");
  await page.mouse.move(0, 0);
  await expect(welcome).toHaveCount(0, { timeout: 10_000 });
});

/** Visible elements that stick out of the window sideways, outside a scroller of their own (wide data tables may scroll). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width} px`);
    const inScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === "auto" || overflowX === "scroll") return true;
      }
      return false;
    };
    for (const element of Array.from(document.querySelectorAll("body *"))) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === "hidden" || element.closest("[aria-hidden=true]")) continue;
      if ((box.right > width + 1 || box.left < -1) && !inScroller(element)) {
        found.push(`${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 4).join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }
    return found.slice(0, 10);
  });
}

test("messages, moderation, review, notification settings, mail and password screens", { tag: "@phone" }, async ({ page, request }, testInfo) => {
  const [other] = await registerMembers(request, 1, "a11ym");
  await registerMember(page, "a11yw");
  const conversation = await startConversation(page, [other!.username], "Hello there, shall we meet on **Friday**?", "Meetup");
  const topic = await createTopic(page, uniqueTitle(testInfo, "Watched topic"));
  expect((await page.request.put(`/api/topics/${topic.id}/notification-level`, { data: { level: "watching" } })).status()).toBe(200);
  const walk = async (paths: string[]) => {
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectAccessible(page, path);
      expect.soft(await overflowing(page), `${path} at ${testInfo.project.name}`).toEqual([]);
    }
  };
  await walk(["/messages", `/messages/${conversation.id}`, "/moderation", "/settings/notifications", "/c/general"]);
  await signIn(page, FOUNDER);
  await walk(["/review", "/admin/mail"]);
  await page.context().clearCookies();
  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, "/forgot-password");
});

test("at 320 px (phone) and at 200% zoom (desktop: 1440 px is 720 px wide) nothing needs sideways scrolling", { tag: "@phone" }, async ({ browser }, testInfo) => {
  // WCAG 1.4.10: content reflows at 320 CSS px; 200% zoom of the desktop window leaves 720 CSS px.
  const width = testInfo.project.name === "phone" ? 320 : 720;
  const page = await newPage(browser, testInfo, { viewport: { width, height: 640 } });
  const member = await registerMember(page, "a11yz");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const topic = await createTopic(page, `${uniqueTitle(testInfo, "A rather long topic title that has to wrap on a narrow screen")}`);
  await createPost(page, topic.id, `A reply with a long unbroken link https://example.org/${"very-long-path-".repeat(8)}`);

  const screens: Array<[string, string]> = [
    ["/dashboard", "Dashboard"],
    ["/forum", "Forum"],
    [`/topic/${topic.id}`, topic.title],
    [`/user/${member.username}`, member.username],
    ["/userlist", "Members"],
    ["/bio", "Bio Card"],
    [`/${member.username}`, member.username],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect.soft(await overflowing(page), `${path} (${heading}) at ${width} px`).toEqual([]);
  }
  await signIn(page, FOUNDER);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
  expect.soft(await overflowing(page), `/admin at ${width} px`).toEqual([]);
  await page.context().clearCookies();
  for (const path of ["/", "/login", "/register"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect.soft(await overflowing(page), `${path} at ${width} px`).toEqual([]);
  }
  await page.context().close();
});
