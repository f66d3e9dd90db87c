import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import type { BioSettingsResponse } from "../shared/types/bio";
import { gradientPng, wavFile } from "./support/media";
import { FOUNDER, registerMember, signIn } from "./support/members";

// The desktop and phone projects share each worker's server: every member here is new.

/**
 * Waits for the newest toast with this title (the same title may still be on screen from a moment
 * ago) and checks its description.
 */
async function expectToast(page: Page, title: string, description: string) {
  const toast = page.getByRole("region", { name: "Toast notifications" }).getByRole("listitem").filter({ hasText: title }).first();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(description);
}

/** Phones show the editor's settings or its preview, switched in the save bar; wide screens show both. */
async function show(page: Page, pane: "Settings" | "Preview") {
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible(); // the editor is there
  const toggle = page.getByRole("group", { name: "Show" }).getByRole("button", { name: pane, exact: true });
  if (await toggle.isVisible()) await toggle.click();
}

/** An upload field of the editor, by its label (a group holding a hidden file input). */
const uploadInput = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true }).locator('input[type="file"]');

/** A signed-out visitor: a fresh browser context with the project's viewport. */
async function visitorPage(browser: Browser, testInfo: TestInfo, options: { reducedMotion?: "reduce" | "no-preference" } = {}): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, ...options });
  return context.newPage();
}

/**
 * A player button shows one icon, the one its state calls for (play or pause; the volume's muted, low
 * or high), and it stays inside the button: drawn together they overlapped and spilled out.
 */
async function expectOneIcon(button: Locator, icon: string) {
  await expect(button.locator("svg").filter({ visible: true })).toHaveCount(1);
  const shown = button.locator(`[data-icon="${icon}"]`);
  await expect(shown).toBeVisible();
  const [iconBox, buttonBox] = [(await shown.boundingBox())!, (await button.boundingBox())!];
  expect(iconBox.y).toBeGreaterThanOrEqual(buttonBox.y);
  expect(iconBox.y + iconBox.height).toBeLessThanOrEqual(buttonBox.y + buttonBox.height);
}

async function settings(page: Page): Promise<BioSettingsResponse> {
  const response = await page.request.get("/api/bio/settings");
  expect(response.status()).toBe(200);
  return (await response.json()) as BioSettingsResponse;
}

test.describe("bio cards", () => {
  test("a member builds a card with a live preview, and a visitor opens it", async ({ page, browser }, testInfo) => {
    test.slow();
    const member = await registerMember(page, "bio");

    // Created from the dashboard, then the editor opens.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Create Bio Card" }).click();
    await expectToast(page, "Bio card created", "Your public card is ready for customization");
    await expect(page).toHaveURL(/\/bio$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bio Card" })).toBeVisible();
    await expect(page.getByText("Customize your public card")).toBeVisible();
    await expect(page).toHaveTitle("Bio Card | Enclave");
    await expect(page.getByRole("link", { name: "View Public Card" })).toHaveAttribute("href", `/${member.username}`);
    await expect(page.getByRole("link", { name: "View Public Card" })).toHaveAttribute("target", "_blank");

    const preview = page.getByTestId("card-preview");
    const card = preview.getByTestId("bio-card");
    // The card's real count (none yet), not a sample.
    await expect(preview.getByTestId("chip-views")).toHaveText(/^Views:\s*0$/);
    await expect(preview.getByTestId("chip-uid")).toHaveCount(0);
    await expect(card).toHaveCSS("max-width", "400px");

    // Basic: texts show in the preview as they are typed.
    await page.getByLabel("Display name").fill("Ada <b>Lovelace</b>");
    await show(page, "Preview");
    await expect(card.getByRole("heading", { name: "Ada <b>Lovelace</b>" })).toBeVisible();
    // A long unbroken word wraps inside the card instead of running past its edges.
    await show(page, "Settings");
    await page.getByLabel("Description").fill(`https://example.com/${"a".repeat(120)}`);
    await show(page, "Preview");
    const [bioBox, cardBox] = [await card.getByTestId("card-bio").boundingBox(), await card.boundingBox()];
    expect(bioBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
    expect(bioBox!.x + bioBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    await show(page, "Settings");
    await page.getByLabel("Description").fill("Poet of engines.\nSecond line.");
    await expect(page.getByText("29/500")).toBeVisible();
    await page.getByLabel("Location").fill("London");
    await expect(card.getByText("London")).toHaveCount(1);
    await page.getByRole("switch", { name: "Show UID" }).click();
    const me = await settings(page);
    await expect(preview.getByTestId("chip-uid")).toContainText(String(me.user.id));

    // An avatar: a real PNG, uploaded with its progress, then shown with a delete button.
    await uploadInput(page, "Avatar").setInputFiles(gradientPng("avatar.png", [99, 102, 241], [236, 72, 153]));
    await expectToast(page, "File uploaded", "");
    await expect(page.getByRole("button", { name: "Delete avatar" })).toBeVisible();
    await show(page, "Preview"); // images load when shown
    const avatar = card.getByRole("img", { name: `${member.username}'s avatar` });
    await expect(avatar).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}\.png$/);
    await show(page, "Settings");
    // A file of the wrong kind is refused before anything is sent.
    await uploadInput(page, "Banner").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    const refusal = page.getByRole("group", { name: "Banner", exact: true }).getByRole("alert");
    await expect(refusal).toContainText("Unsupported format");
    await expect(refusal).toContainText("png, jpg, jpeg, gif, webp");

    // The reveal screen: its text has a counter; the preview keeps showing the card (its colours
    // stay in sight) and shows the reveal overlay over it on demand, until clicked.
    await page.getByRole("switch", { name: "Enable Reveal Screen" }).click();
    await page.getByLabel("Reveal screen text").fill("Step inside");
    await expect(page.getByText("11/50")).toBeVisible();
    await page.getByLabel("Reveal screen text").fill("x".repeat(46));
    await expect(page.getByText("46/50")).toHaveAttribute("data-warning", "true");
    await page.getByLabel("Reveal screen text").fill("Step inside");
    await page.getByLabel("Enter animation").selectOption("zoomIn");
    await page.getByLabel("Username sparkles").selectOption("rainbow");
    await show(page, "Preview");
    const overlay = preview.getByTestId("preview-reveal-overlay");
    await expect(overlay).toHaveCount(0);
    await expect(card.locator("[data-sparkles=rainbow]")).toBeVisible();
    const showAgain = page.getByRole("button", { name: "Show Reveal Screen Again" });
    await showAgain.click();
    await expect(overlay).toHaveText(/^\s*Click to view\s*Click to reveal\s*$/);
    await expect(showAgain).toHaveCount(0);
    await overlay.click();
    await expect(overlay).toHaveCount(0);
    await expect(showAgain).toBeFocused();
    await show(page, "Settings");

    // Colors: the preview changes before anything is saved.
    await page.getByRole("tab", { name: "Colors" }).click();
    await page.getByLabel("Box color", { exact: true }).fill("#1e3a8a");
    await expect(card).toHaveCSS("background-color", "rgba(30, 58, 138, 0.8)");
    await page.getByLabel("Primary color", { exact: true }).fill("#fde68a");
    await show(page, "Preview");
    await expect(card.getByRole("heading", { name: "Ada <b>Lovelace</b>" })).toHaveCSS("color", "rgb(253, 230, 138)");
    await show(page, "Settings");
    await page.getByLabel("Theme color", { exact: true }).fill("#12");
    await expect(page.getByText("Color must be a hex value like #6366f1")).toBeVisible();
    await page.getByLabel("Theme color", { exact: true }).fill("#ec4899");

    // Dimensions: a slider moves in its steps and the preview follows.
    await page.getByRole("tab", { name: "Dimensions" }).click();
    await page.getByLabel("Box radius").fill("24");
    await expect(card).toHaveCSS("border-radius", "24px");

    // Music: an audio file (a tiny WAV) and a name; the preview gets its player.
    await page.getByRole("tab", { name: "Music" }).click();
    await uploadInput(page, "Track audio").setInputFiles(wavFile("Engine Hum (demo).wav"));
    await expectToast(page, "File uploaded", "");
    // Named as on the member's device, not by its stored (random) name.
    await expect(page.getByRole("group", { name: "Track audio", exact: true })).toContainText("Engine Hum (demo).wav");
    await page.getByLabel("Track name").fill("Engine Hum");
    await expect(page.getByText("10/200")).toBeVisible();
    await show(page, "Preview");
    const previewPlayer = preview.getByRole("region", { name: "Music player" });
    await expect(previewPlayer).toContainText("Engine Hum");
    await expectOneIcon(previewPlayer.getByRole("button", { name: "Play" }), "play");
    await expectOneIcon(previewPlayer.getByRole("button", { name: "Mute" }), "high");
    await show(page, "Settings");

    // Links: saved at once, independent of Save Changes (a link without a title or URL is refused: links-tab.test.tsx).
    await page.getByRole("tab", { name: "Links" }).click();
    await page.getByLabel("Title").fill("My GitHub");
    await page.getByLabel("URL", { exact: true }).fill("https://github.com/example");
    await page.getByRole("radio", { name: "Github" }).check({ force: true });
    await page.getByRole("button", { name: "Add Link" }).click();
    await expectToast(page, "Link added successfully", "");
    await expect(page.getByRole("list", { name: "Your links" }).getByText("My GitHub")).toBeVisible();
    await show(page, "Preview");
    await expect(card.getByRole("link", { name: "My GitHub" })).toHaveAttribute("href", "https://github.com/example");
    await show(page, "Settings");
    // A custom icon: an uploaded image.
    await page.getByLabel("Title").fill("Portfolio");
    await page.getByLabel("URL", { exact: true }).fill("https://example.com/portfolio");
    await page.getByRole("radio", { name: "Custom" }).check({ force: true });
    await uploadInput(page, "Icon image").setInputFiles(gradientPng("icon.png", [34, 197, 94], [14, 165, 233]));
    // The field's own uploaded state, not a 'File uploaded' toast: the music's may still be showing.
    await expect(page.getByRole("button", { name: "Delete icon image" })).toBeVisible();
    await page.getByRole("button", { name: "Add Link" }).click();
    await expectToast(page, "Link added successfully", "");
    await expect(page.getByRole("list", { name: "Your links" }).getByTestId("bio-link-row").filter({ hasText: "Portfolio" }).locator("img")).toHaveAttribute(
      "src",
      /^\/uploads\/[0-9a-f]{32}\.png$/,
    );
    await page.getByLabel("Title").fill("Temporary");
    await page.getByLabel("URL", { exact: true }).fill("https://example.com/tmp");
    await page.getByRole("button", { name: "Add Link" }).click();
    await expectToast(page, "Link added successfully", "");
    await page.getByRole("button", { name: "Delete link Temporary" }).click();
    await expectToast(page, "Link deleted", "");
    await expect(page.getByRole("list", { name: "Your links" }).getByText("Temporary")).toHaveCount(0);

    // Save: every field goes to the server.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Bio card updated", "Your changes have been saved");
    const saved = (await settings(page)).bioCard!;
    expect(saved).toMatchObject({
      displayName: "Ada <b>Lovelace</b>",
      location: "London",
      boxColor: "#1e3a8a",
      primaryColor: "#fde68a",
      themeColor: "#ec4899",
      boxRadius: 24,
      showUid: true,
      enableRevealScreen: true,
      revealScreenText: "Step inside",
      enterAnimation: "zoomIn",
      usernameSparkles: "rainbow",
      trackName: "Engine Hum",
      trackUrl: null,
    });
    expect(saved.bioAvatar).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(saved.trackAudio).toMatch(/^\/uploads\/[0-9a-f]{32}\.wav$/);
    // The editor opened again names the audio file as the server kept its name.
    await page.reload();
    await page.getByRole("tab", { name: "Music" }).click();
    await expect(page.getByRole("group", { name: "Track audio", exact: true })).toContainText("Engine Hum (demo).wav");

    // A signed-out visitor opens the card.
    const visitor = await visitorPage(browser, testInfo);
    await visitor.goto(`/${member.username}`);
    const reveal = visitor.getByTestId("reveal-screen");
    await expect(reveal).toContainText("Step inside");
    await expect(reveal).toContainText("Click anywhere to continue");
    await expect(visitor).toHaveTitle("Ada Lovelace | Enclave"); // the title drops markup-like text
    await expect(reveal).toBeFocused();
    await visitor.keyboard.press("Enter");
    await expect(reveal).toHaveCount(0);
    const publicCard = visitor.getByTestId("bio-card");
    // The track starts by itself 500 ms after the reveal (checked at once: it lasts 2 s).
    const player = publicCard.getByRole("region", { name: "Music player" });
    await expect(player).toContainText("Engine Hum");
    await expectOneIcon(player.getByRole("button", { name: "Pause" }), "pause");
    await player.getByRole("button", { name: "Pause" }).click();
    await expect(player.getByRole("button", { name: "Play" })).toBeVisible();
    await expectOneIcon(player.getByRole("button", { name: "Play" }), "play");
    await expectOneIcon(player.getByRole("button", { name: "Mute" }), "high");

    await expect(publicCard.getByRole("heading", { level: 1, name: "Ada <b>Lovelace</b>" })).toBeVisible();
    await expect(publicCard.locator("b")).toHaveCount(0); // member text is never HTML
    await expect(publicCard.getByTestId("card-bio")).toHaveText("Poet of engines.\nSecond line.");
    await expect(publicCard.getByText("London")).toBeVisible();
    await expect(publicCard.getByRole("link", { name: "My GitHub" })).toHaveAttribute("href", "https://github.com/example");
    await expect(publicCard.getByRole("link", { name: "Temporary" })).toHaveCount(0);
    await expect(publicCard.getByRole("link", { name: "Portfolio" }).locator("[data-state=loaded] img")).toBeVisible();
    // This view is counted once its batch is written (within a second); the page shows what was counted before it.
    await expect(publicCard.getByTestId("chip-views")).toContainText("0");
    await expect(publicCard.getByTestId("chip-uid")).toContainText(String(me.user.id));
    await expect(publicCard.getByRole("img", { name: `${member.username}'s avatar` })).toHaveAttribute("src", saved.bioAvatar!);

    // Volume and seek work.
    const volume = player.getByRole("slider", { name: "Volume" });
    const box = (await volume.boundingBox())!;
    await volume.click({ position: { x: box.width * 0.25, y: box.height / 2 } });
    await expect(volume).toHaveAttribute("aria-valuenow", /^(2[0-9]|30)$/); // a quarter of a short bar, to the pixel
    await expectOneIcon(player.getByRole("button", { name: "Mute" }), "low");
    await player.getByRole("button", { name: "Mute" }).click();
    await expectOneIcon(player.getByRole("button", { name: "Unmute" }), "muted");
    await player.getByRole("button", { name: "Unmute" }).click();
    const seek = player.getByRole("slider", { name: "Seek" });
    await expect(seek).toHaveAttribute("aria-valuemax", "2");
    const seekBox = (await seek.boundingBox())!;
    await seek.click({ position: { x: seekBox.width * 0.75, y: seekBox.height / 2 } });
    await expect(player).toContainText("0:01 / 0:02");
    await volume.focus();
    await visitor.keyboard.press("End");
    await expect(volume).toHaveAttribute("aria-valuenow", "100");

    await visitor.context().close();
  });

  test("the editor keeps Save and the card in sight: a save bar that sticks, the preview beside the settings (phones switch to it)", { tag: "@phone" }, async ({ page }) => {
    await registerMember(page, "biolay");
    expect((await page.request.post("/api/bio")).status()).toBe(201);
    expect((await page.request.patch("/api/bio", { data: { enableRevealScreen: true, revealScreenText: "Knock first" } })).status()).toBe(200);
    await page.goto("/bio");
    const preview = page.getByTestId("card-preview");

    // The preview shows the card itself, so its colours can be seen, even with the reveal screen on.
    await show(page, "Preview");
    await expect(preview.getByTestId("bio-card")).toBeVisible();
    await expect(preview.getByTestId("preview-reveal-overlay")).toHaveCount(0);
    await expect(preview).toBeInViewport(); // on a phone too, with no scrolling down past the settings
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // At the end of the settings, Save is still at hand, and on wide screens the preview beside them.
    await show(page, "Settings");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeInViewport({ ratio: 1 });
    if (await preview.isVisible()) await expect(preview).toBeInViewport();
  });

  test("a missing card shows User Not Found", async ({ page }) => {
    await page.goto("/nobody_has_this_name");
    await expect(page.getByRole("heading", { name: "User Not Found" })).toBeVisible();
    await expect(page.getByText("The user you're looking for doesn't exist or has been removed.")).toBeVisible();
  });

  // Third contract, "Changes to earlier sections": the banned screen on /{username} too, whatever the name.
  test("a banned member sees the banned screen on /{username}, not a card or User Not Found", async ({ page, browser }, testInfo) => {
    const owner = await registerMember(page, "bbo");
    expect((await page.request.post("/api/bio")).status()).toBe(201);
    const bannedPage = await visitorPage(browser, testInfo);
    await registerMember(bannedPage, "bbm");
    const { id } = (await (await bannedPage.request.get("/api/auth/user")).json()) as { id: number };
    const admin = await visitorPage(browser, testInfo);
    await signIn(admin, FOUNDER);
    expect((await admin.request.post(`/api/admin/users/${id}/ban`, { data: { reason: "Card spam" } })).status()).toBe(200);

    for (const path of [`/${owner.username}`, "/nobody_has_this_name"]) {
      await bannedPage.goto(path);
      await expect(bannedPage.getByRole("heading", { name: "Account Banned" })).toBeVisible();
      await expect(bannedPage.getByText("Card spam")).toBeVisible();
      await expect(bannedPage.getByRole("heading", { name: "User Not Found" })).toHaveCount(0);
      await expect(bannedPage.getByTestId("public-bio-card")).toHaveCount(0);
    }
    await bannedPage.context().close();
    await admin.context().close();
  });

  test("a member without a card can create it from the editor", async ({ page }) => {
    await registerMember(page, "bnc");
    await page.goto("/bio");
    await page.getByRole("button", { name: "Create Bio Card" }).click();
    await expectToast(page, "Bio card created", "Your public card is ready for customization");
    await expect(page.getByRole("heading", { name: "Card Settings" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Basic" })).toHaveAttribute("aria-selected", "true");
  });

  test("the entrance animation, sparkles and tilt play only for visitors who accept motion", { tag: "@phone" }, async ({ page, browser }, testInfo) => {
    await registerMember(page, "brm");
    expect((await page.request.post("/api/bio")).status()).toBe(201);
    const saved = await page.request.patch("/api/bio", { data: { displayName: "Calm Card", enterAnimation: "spin", usernameSparkles: "blue" } });
    expect(saved.status()).toBe(200);
    const { username } = (await settings(page)).user;
    const sparkleContent = (visitor: Page) =>
      visitor.getByTestId("bio-card").locator(".bio-sparkles").evaluate((element) => getComputedStyle(element, "::before").content);
    const tiltAfterHover = async (visitor: Page) => {
      const frame = visitor.getByTestId("bio-card").locator("xpath=..");
      const box = (await frame.boundingBox())!;
      await visitor.mouse.move(box.x + box.width * 0.9, box.y + box.height * 0.2, { steps: 3 });
      return frame.evaluate((element) => (element as HTMLElement).style.transform);
    };

    const moving = await visitorPage(browser, testInfo, { reducedMotion: "no-preference" });
    await moving.goto(`/${username}`);
    await expect(moving.getByRole("heading", { level: 1, name: "Calm Card" })).toBeVisible();
    await expect(moving.locator(".bio-enter-spin")).toHaveCount(1);
    // The card tilts once it has arrived.
    await expect.poll(() => moving.locator(".bio-enter-spin").evaluate((element) => element.getAnimations().every((animation) => animation.playState === "finished"))).toBe(true);
    expect(await sparkleContent(moving)).not.toBe("none");
    if (!testInfo.project.use.hasTouch) expect(await tiltAfterHover(moving)).toMatch(/rotateX\(.+\) rotateY\(.+\) scale\(1\.05\)/);
    await moving.context().close();

    const still = await visitorPage(browser, testInfo, { reducedMotion: "reduce" });
    await still.goto(`/${username}`);
    await expect(still.getByRole("heading", { level: 1, name: "Calm Card" })).toBeVisible();
    await expect(still.locator("[class*='bio-enter-']")).toHaveCount(0);
    expect(await sparkleContent(still)).toBe("none");
    if (!testInfo.project.use.hasTouch) expect(await tiltAfterHover(still)).toBe("");
    await still.context().close();
  });
});
