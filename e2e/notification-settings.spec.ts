import { expect, test } from "./support/test";
import { expectAccessible } from "./support/accessibility";
import { createTopic, uniqueTitle } from "./support/forum";
import { registerMember } from "./support/members";

test.describe.configure({ timeout: 90_000 });

// Watching, push and install (docs/product.md "Watching, push and install"): the topic's level control, the one
// notification settings screen, and the service worker's offline page.

test("a member watches a topic from its page, finds it in the notification settings and sets it back", async ({ page }, testInfo) => {
  await registerMember(page, "watch");
  const title = uniqueTitle(testInfo, "Watched");
  const topic = await createTopic(page, title);

  await page.goto(`/topic/${topic.id}`);
  // The first screen of a fresh browser loads its chunks: longer than an assertion's usual wait on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
  const levels = page.getByRole("group", { name: "Notifications for this topic" });
  await expect(levels.getByRole("radio", { name: "Tracking" })).toBeChecked();
  await levels.getByRole("radio", { name: "Watching" }).check();
  await expect(levels).toHaveAccessibleDescription("You are told of every new post.");
  await page.reload();
  await expect(levels.getByRole("radio", { name: "Watching" })).toBeChecked();
  await expectAccessible(page, "topic page, watching");

  // The bell's dialog leads to the settings.
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await page.getByRole("link", { name: "Notification settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible();
  await expect(page.getByText("Push on this device").first()).toBeVisible();
  const level = page.getByRole("combobox", { name: `Notifications for ${title}` });
  await expect(level).toHaveValue("watching");
  await expectAccessible(page, "notification settings");

  // Email comes "when I'm away" until the member chooses otherwise; the choice is kept.
  const email = page.getByRole("combobox", { name: "Email notifications" });
  await expect(email).toHaveValue("away");
  await email.selectOption("daily");
  await expect(email).toBeEnabled();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Email notifications" })).toHaveValue("daily");

  await page.getByRole("combobox", { name: `Notifications for ${title}` }).selectOption("tracking");
  await expect(page.getByText("You are not watching or muting any topic.")).toBeVisible();
  await page.goto(`/topic/${topic.id}`);
  await expect(levels.getByRole("radio", { name: "Tracking" })).toBeChecked();
});

test("the service worker shows the offline page when a page cannot load, and caches nothing else", async ({ page, context }) => {
  await registerMember(page, "offl");
  await page.goto("/forum");
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Pages and API answers the member has seen meanwhile are not kept.
  await page.goto("/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls.sort();
  });
  expect(cached).toEqual(["/icons/icon-192.png", "/offline.html"]);

  await context.setOffline(true);
  await page.goto("/forum").catch(() => {});
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});
