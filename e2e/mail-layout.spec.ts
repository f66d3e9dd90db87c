import { expect, test } from "@playwright/test";
import type { Notification } from "../shared/types";
import { passwordResetMail, unreadMail, verificationMail } from "../server/mail/templates";

// The mails' HTML as a phone's mail client shows it: nothing wider than the screen (a long link
// wraps), light colours whatever the client's theme. Rendered in Chromium, as WebKit- and
// Blink-based clients (Apple Mail, Gmail's apps) do.
const site = { origin: "https://community.example.org", name: "Enclave" };
const token = "t".repeat(43);
const longTitle = "What are you reading this winter? A title long enough to wrap in a narrow mail client";
const notification = (id: number, type: Notification["type"], count: number | null): Notification => ({
  id,
  type,
  createdAt: "2026-11-26T06:00:00.000Z",
  readAt: null,
  actor: { id: 2, username: "CleverRocket50", avatar: null },
  topicId: 5,
  topicTitle: longTitle,
  postId: 9,
  count,
  badgeType: null,
  profileUsername: null,
  moderationAction: null,
  moderationReason: null,
  moderationNote: null,
});
const mails = {
  verification: verificationMail(site, "nebula_42", token),
  "password reset": passwordResetMail(site, "nebula_42", token),
  digest: unreadMail(
    site,
    "daily",
    "nebula_42",
    {
      notifications: [notification(1, "reply", 3), notification(2, "mention", null)],
      notificationCount: 14,
      conversations: [{ id: 4, title: "Meetup", authors: ["amy", "bea"], unread: 5 }],
    },
    token,
  ),
};

for (const [name, mail] of Object.entries(mails)) {
  test(`the ${name} mail fits a 320 px screen and asks for light colours`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.setContent(mail.html);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light");
    // Every link of the plain-text part is a link of the HTML part too.
    for (const url of mail.text.match(/https:\/\/\S+/g) ?? []) await expect(page.locator(`a[href="${url}"]`).first()).toBeAttached();
  });
}
