import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerMember } from "./support/members";
import { openNavigation } from "./support/navigation";

/** The online dot next to the name in a profile's header. */
const profileDot = (page: Page, username: string) =>
  page.getByRole("heading", { level: 1, name: username }).locator("xpath=..").getByRole("img", { name: /^(Online|Offline)$/ });

test("a member's profile shows them come online and go offline without a reload", async ({ page, browser }) => {
  await registerMember(page, "watch");
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  try {
    // Registered through the API only: no page of theirs is open yet, so they are not online.
    const member = await registerMember(other, "seen");

    await page.goto(`/user/${member.username}`);
    const dot = profileDot(page, member.username);
    await expect(dot).toHaveAccessibleName("Offline");

    // Opening any page signed in connects them; the watcher's page turns the dot green by itself.
    await other.goto("/dashboard");
    await expect(dot).toHaveAccessibleName("Online");

    // Logging out closes their connection: grey again, still without a reload.
    const navigation = await openNavigation(other);
    await navigation.getByRole("button", { name: "Logout" }).click();
    await expect(other).toHaveURL(/\/$/);
    await expect(dot).toHaveAccessibleName("Offline");
  } finally {
    await otherContext.close();
  }
});

test("post authors carry the online dot in the forum", async ({ page }) => {
  const member = await registerMember(page, "post");
  const topic = await page.request.post("/api/topics", { data: { title: `Presence ${member.username}` } });
  expect(topic.status()).toBe(201);
  const { id } = (await topic.json()) as { id: number };
  const post = await page.request.post(`/api/topics/${id}/posts`, { data: { content: "Here I am." } });
  expect(post.status()).toBe(201);

  await page.goto(`/topic/${id}`);
  // The author is the viewer, connected: green.
  await expect(page.getByRole("article", { name: "Post #1" }).getByRole("img", { name: "Online" })).toBeVisible();
});
