import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerMember, type Account } from "./support/members";
import { expectToast } from "./support/toasts";

// Sharing a bio card (Copy link, the QR code as PNG, the device's share sheet) and the Analytics
// tab's empty state. Every member here is new; both projects run against one server.
// Several pages and contexts per test, on a machine shared with other test runs.
test.describe.configure({ timeout: 90_000 });

async function memberWithCard(page: Page): Promise<Account> {
  const me = await registerMember(page, "shr");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  return me;
}

/** The clipboard, as the page sees it (the test grants it the right to read). */
const clipboardText = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The width and height a PNG's header states. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test.describe("sharing a bio card", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  });

  test("Copy link on the dashboard and in the editor puts the card's URL on the clipboard, with a toast", async ({ page, baseURL }) => {
    const me = await memberWithCard(page);
    const url = `${baseURL}/${me.username}`;

    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expectToast(page, "Link copied", "Your card's link is on the clipboard");
    expect(await clipboardText(page)).toBe(url);

    await page.evaluate(() => navigator.clipboard.writeText(""));
    await page.goto("/bio");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Share your card" });
    await expect(dialog.getByRole("textbox", { name: "Card link" })).toHaveValue(url);
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await expectToast(page, "Link copied", "Your card's link is on the clipboard");
    expect(await clipboardText(page)).toBe(url);
  });

  test("the share dialog shows the card's QR code and downloads it as a PNG", async ({ page, baseURL }) => {
    const me = await memberWithCard(page);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "QR code" }).click();
    const dialog = page.getByRole("dialog", { name: "Share your card" });
    const qr = dialog.getByRole("img", { name: `QR code of ${baseURL}/${me.username}` });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512);

    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Download PNG" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${me.username}-card-qr.png`);
    expect(pngSize(await readFile(await file.path()))).toEqual({ width: 512, height: 512 });
  });

  test("Share via… hands the card's URL to the device's share sheet, and is absent where the browser has none", async ({ page, baseURL }) => {
    const me = await memberWithCard(page);
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared });
      Navigator.prototype.share = async (data?: ShareData) => void shared.push(data ?? {});
      Navigator.prototype.canShare = () => true;
    });
    await page.goto("/bio");
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await page.getByRole("dialog", { name: "Share your card" }).getByRole("button", { name: "Share via…" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: `${me.username} on Enclave`, url: `${baseURL}/${me.username}` }]);

    const plain = await page.context().newPage();
    await plain.addInitScript(() => {
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
    await plain.goto("/bio");
    await plain.getByRole("button", { name: "Share", exact: true }).click();
    const dialog = plain.getByRole("dialog", { name: "Share your card" });
    await expect(dialog.getByRole("link", { name: "Download PNG" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Share via…" })).toHaveCount(0);
  });
});

test("a new card's Analytics tab says there is nothing yet and offers to share the card", async ({ page }) => {
  await memberWithCard(page);
  await page.goto("/bio");
  await page.getByRole("tab", { name: "Analytics" }).click();
  const panel = page.getByRole("tabpanel", { name: "Analytics" });
  await expect(panel.getByText("No views or clicks in the last 30 days")).toBeVisible();
  await panel.getByRole("radio", { name: "7 days" }).click();
  await expect(panel.getByText("No views or clicks in the last 7 days")).toBeVisible();
  await panel.getByRole("button", { name: "Share your card" }).click();
  await expect(page.getByRole("dialog", { name: "Share your card" })).toBeVisible();
});
