import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { createTopic, uniqueTitle } from "./support/forum";
import { FOUNDER, registerMember, signIn } from "./support/members";
import { expectToast } from "./support/toasts";

/** Scrolls so that the centre of `element` sits 50 px above the window's bottom edge, where a bottom toast stack would be. */
async function toBottomOfWindow(element: Locator) {
  await element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    window.scrollBy(0, box.top + box.height / 2 - (window.innerHeight - 50));
  });
}

/**
 * A click at the centre of `element`, where it is now, lands on it (or inside it). Checked where it
 * is first: a trial click that finds it covered scrolls it elsewhere and tries again.
 */
async function expectClickable(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null, {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(hit).toBe(await element.textContent());
  await element.click({ trial: true, timeout: 2000 }); // fails when another element would take the click
}

test("a toast never covers a form's actions: Save Changes and Post Reply stay clickable, and hovering them does not hold it", { tag: "@phone" }, async ({ page }, testInfo) => {
  await registerMember(page, "toast");
  await page.goto("/dashboard");
  const save = page.getByRole("button", { name: "Save Changes" });
  await toBottomOfWindow(save);
  await save.click();
  const saved = await expectToast(page, "Profile updated", "Your contact information has been saved");
  await expectClickable(page, save);
  // The pointer on the button is not on the toast: the toast goes after its 4 s.
  await save.hover();
  await expect(saved).toHaveCount(0, { timeout: 10_000 });

  const topic = await createTopic(page, uniqueTitle(testInfo, "Toasts"));
  await page.route(`**/api/topics/${topic.id}/posts`, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Try again later" }) })
      : route.fallback(),
  );
  await page.goto(`/topic/${topic.id}`);
  await page.getByRole("textbox", { name: "Reply" }).fill("This one fails.");
  const reply = page.getByRole("button", { name: "Post Reply" });
  await toBottomOfWindow(reply);
  await reply.click();
  await expectToast(page, "Failed to create post", "Try again later");
  await expectClickable(page, reply);
});

test("every screen's content column has the one page width, the navigation's", { tag: "@phone" }, async ({ page }, testInfo) => {
  test.slow(); // ten screens
  const member = await registerMember(page, "width");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const topic = await createTopic(page, uniqueTitle(testInfo, "Widths"));
  const screens = ["/dashboard", "/forum", `/topic/${topic.id}`, `/user/${member.username}`, "/userlist", "/search?q=width", "/notifications", "/bio"];

  const column = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    return (await page.locator("main > div").first().boundingBox())!;
  };
  await page.goto("/dashboard");
  const navigation = (await page.getByRole("banner").locator("> div").boundingBox())!;
  for (const path of screens) {
    const box = await column(path);
    expect.soft({ x: Math.round(box.x), width: Math.round(box.width) }, path).toEqual({ x: Math.round(navigation.x), width: Math.round(navigation.width) });
  }
  await signIn(page, FOUNDER);
  const admin = await column("/admin");
  expect.soft({ x: Math.round(admin.x), width: Math.round(admin.width) }, "/admin").toEqual({ x: Math.round(navigation.x), width: Math.round(navigation.width) });
});

test("at 1440 px a staff member's bar shows its labels as a member's does, the staff's pages in a Staff menu, with nothing overlapping", async ({ page }) => {
  await signIn(page, FOUNDER);
  // With a card, the bar's longest: Dashboard, Bio, Forum, Messages, Users and Staff.
  expect([201, 409]).toContain((await page.request.post("/api/bio")).status());
  await page.goto("/forum");
  const bar = page.getByRole("navigation", { name: "Main" });
  // A label on screen, not one kept for screen readers alone (1 px wide).
  for (const label of ["Dashboard", "Bio", "Forum", "Messages", "Users", "Staff"]) {
    const width = await bar.getByText(label, { exact: true }).evaluate((element) => element.getBoundingClientRect().width);
    expect(width, label).toBeGreaterThan(10);
  }
  // The links end before the account's part of the bar begins, which ends inside the bar.
  const [links, bell, banner] = [
    (await bar.boundingBox())!,
    (await page.getByRole("banner").getByRole("button", { name: /^Notifications/ }).boundingBox())!,
    (await page.getByRole("banner").locator("> div").boundingBox())!,
  ];
  expect(links.x + links.width).toBeLessThan(bell.x);
  const account = (await page.getByRole("banner").getByRole("link", { name: "@Founder" }).boundingBox())!;
  expect(account.x + account.width).toBeLessThanOrEqual(banner.x + banner.width);

  // The Staff menu holds Review and Admin.
  await bar.getByRole("button", { name: /^Staff/ }).click();
  const menu = page.getByRole("group", { name: "Staff" });
  await expect(menu.getByRole("link")).toHaveText([/^Review/, "Admin"]);
  await menu.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(menu).toBeHidden();
});
