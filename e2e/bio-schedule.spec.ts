import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import type { BioAnalytics } from "../shared/types/bio";
import { expectAccessible } from "./support/accessibility";
import { registerMember, type Account } from "./support/members";

// Scheduled links in the editor, and the analytics screen's unique visitors, sources and devices.
test.describe.configure({ timeout: 90_000 });

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function visitorPage(browser: Browser, testInfo: TestInfo, userAgent?: string): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, ...(userAgent && { userAgent }) });
  return context.newPage();
}

async function memberWithLinks(page: Page, titles: string[]): Promise<Account> {
  const me = await registerMember(page, "sch");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  for (const [index, title] of titles.entries()) {
    const response = await page.request.post("/api/user/links", { data: { title, url: `https://${title.toLowerCase()}.example.invalid/`, displayOrder: index } });
    expect(response.status()).toBe(201);
  }
  return me;
}

/** A time as a datetime-local input takes it, in the browser's time zone. */
const localInput = (time: number) => {
  const date = new Date(time);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
};
const DAY = 24 * 60 * 60 * 1000;

test("a member schedules one link and ends another; the editor marks them and the public card leaves them out", async ({ page, browser }, testInfo) => {
  const me = await memberWithLinks(page, ["Always", "Soon", "Over"]);
  await page.goto("/bio");
  await page.getByRole("tab", { name: "Links" }).click();

  await page.getByRole("button", { name: "Edit link Soon" }).click();
  const soon = page.getByRole("form", { name: "Edit link Soon" });
  // (An end before the start is refused in place: links-tab.test.tsx.)
  await soon.getByLabel("Show from").fill(localInput(Date.now() + 2 * DAY));
  await soon.getByRole("button", { name: "Save Link" }).click();
  await expect(soon).toBeHidden();

  await page.getByRole("button", { name: "Edit link Over" }).click();
  const over = page.getByRole("form", { name: "Edit link Over" });
  await over.getByLabel("Show until").fill(localInput(Date.now() - DAY));
  await over.getByRole("button", { name: "Save Link" }).click();
  await expect(over).toBeHidden();

  const row = (title: string) => page.getByTestId("bio-link-row").filter({ hasText: title });
  await expect(row("Soon").getByTestId("bio-link-schedule")).toHaveText(/Scheduled/);
  await expect(row("Over").getByTestId("bio-link-schedule")).toHaveText(/Expired/);
  await expect(row("Always").getByTestId("bio-link-schedule")).toHaveCount(0);
  await expectAccessible(page, "bio editor, links tab with scheduled and expired links");

  // The saved window, as the editor shows it again.
  await page.getByRole("button", { name: "Edit link Soon" }).click();
  await expect(page.getByRole("form", { name: "Edit link Soon" }).getByLabel("Show from")).not.toHaveValue("");

  const visitor = await visitorPage(browser, testInfo);
  await visitor.goto(`/${me.username}`);
  await expect(visitor.getByRole("list", { name: "Links" }).getByRole("listitem")).toHaveText([/Always/]);
  await visitor.context().close();
});

test("the analytics screen shows unique visitors, the sources by host and the devices", async ({ page, browser }, testInfo) => {
  const me = await memberWithLinks(page, ["Site"]);
  const phone = await visitorPage(browser, testInfo, IPHONE);
  await phone.goto(`/${me.username}`, { referer: "https://News.Example.com/story/private-path?x=1" });
  await expect(phone.getByRole("list", { name: "Links" })).toBeVisible();
  await phone.context().close();
  const computer = await visitorPage(browser, testInfo, LINUX);
  await computer.goto(`/${me.username}`);
  await expect(computer.getByRole("list", { name: "Links" })).toBeVisible();
  await computer.context().close();
  // The views are written in batches (at least once a second).
  await expect
    .poll(async () => ((await (await page.request.get("/api/bio/analytics?days=7")).json()) as BioAnalytics).totals.views)
    .toBe(2);

  await page.goto("/bio");
  await page.getByRole("tab", { name: "Analytics" }).click();
  const panel = page.getByRole("tabpanel", { name: "Analytics" });
  await expect(panel.getByRole("list", { name: "Top sources" }).getByRole("listitem")).toHaveText([/Direct\s*1 view/, /news\.example\.com\s*1 view/]);
  await expect(panel.getByText("private-path")).toHaveCount(0);
  const devices = panel.getByRole("region", { name: "Devices" });
  await expect(devices.getByRole("definition").nth(0)).toHaveText(/^1\s*50%$/);
  await expect(devices.getByRole("definition").nth(1)).toHaveText(/^1\s*50%$/);
  await panel.getByText("Show as table").click();
  await expect(panel.getByRole("columnheader", { name: "Unique visitors" })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await expect(panel.getByRole("row").filter({ has: page.locator(`time[datetime="${today}"]`) }).getByRole("cell")).toHaveText([/\w/, "2", "2", "0"]);
  await expectAccessible(page, "bio editor, analytics tab with sources and devices");
});
