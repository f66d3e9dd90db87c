import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import type { BioAnalytics, UserLink } from "../shared/types/bio";
import { expectAccessible } from "./support/accessibility";
import { registerMember, type Account } from "./support/members";

// The desktop and phone projects share each worker's server: every member here is new.
// Several pages and contexts per test, on a machine shared with other test runs.
test.describe.configure({ timeout: 90_000 });

async function visitorPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  return context.newPage();
}

/** A new member with a card and three links (Alpha, Beta, Gamma, in that order), signed in on the page. */
async function memberWithLinks(page: Page): Promise<{ me: Account; links: UserLink[] }> {
  const me = await registerMember(page, "lnk");
  expect((await page.request.post("/api/bio")).status()).toBe(201);
  const links: UserLink[] = [];
  for (const [index, title] of ["Alpha", "Beta", "Gamma"].entries()) {
    const response = await page.request.post("/api/user/links", {
      data: { title, url: `https://${title.toLowerCase()}.example.invalid/`, iconType: "built-in", iconName: "Globe", displayOrder: index },
    });
    expect(response.status()).toBe(201);
    links.push((await response.json()) as UserLink);
  }
  return { me, links };
}

const publicLinkTitles = (page: Page) => page.getByRole("list", { name: "Links" }).getByRole("listitem");

test.describe("bio card links", () => {
  test("a member edits a link, hides one and reorders by keyboard; the preview and the public card follow", async ({ page, browser }, testInfo) => {
    const { me } = await memberWithLinks(page);
    await page.goto("/bio");
    await page.getByRole("tab", { name: "Links" }).click();

    // Edit in place.
    await page.getByRole("button", { name: "Edit link Alpha" }).click();
    const editor = page.getByRole("form", { name: "Edit link Alpha" });
    await editor.getByLabel("Title").fill("Alpha edited");
    await editor.getByRole("button", { name: "Save Link" }).click();
    await expect(page.getByRole("list", { name: "Your links" })).toContainText("Alpha edited");

    // Hidden links stay in the editor, dimmed.
    await page.getByRole("button", { name: "Hide link Beta" }).click();
    const beta = page.getByTestId("bio-link-row").filter({ hasText: "Beta" });
    await expect(beta).toHaveAttribute("data-hidden", "");
    await expect(beta).toHaveCSS("opacity", "0.55");

    // Keyboard reorder: Gamma to the top, announced.
    await page.getByRole("button", { name: "Reorder Gamma" }).focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByRole("status").filter({ hasText: "Gamma moved to position 1 of 3" })).toBeAttached();
    await expect(page.getByRole("button", { name: "Reorder Gamma" })).toBeFocused();
    await expect(page.getByTestId("bio-link-row")).toHaveText([/Gamma/, /Alpha edited/, /Beta/]);
    // Phones show the preview on its switch in the save bar; wide screens beside the settings.
    const previewSwitch = page.getByRole("group", { name: "Show" }).getByRole("button", { name: "Preview", exact: true });
    if (await previewSwitch.isVisible()) await previewSwitch.click();
    await expect(page.getByTestId("card-preview").getByRole("list", { name: "Links" }).getByRole("listitem")).toHaveText([/Gamma/, /Alpha edited/]);

    const visitor = await visitorPage(browser, testInfo);
    await visitor.goto(`/${me.username}`);
    await expect(publicLinkTitles(visitor)).toHaveText([/Gamma/, /Alpha edited/]);
    await visitor.context().close();
  });

  test("a visitor's click on a public link counts in the owner's analytics; the link stays a plain href", async ({ page, browser }, testInfo) => {
    const { me, links } = await memberWithLinks(page);
    const visitor = await visitorPage(browser, testInfo);
    await visitor.goto(`/${me.username}`);
    const alpha = visitor.getByRole("link", { name: /Alpha/ });
    await expect(alpha).toHaveAttribute("href", "https://alpha.example.invalid/");
    const beacon = visitor.waitForRequest((request) => request.url().endsWith(`/links/${links[0]!.id}/click`) && request.method() === "POST");
    const popup = visitor.context().waitForEvent("page");
    await alpha.click();
    await beacon;
    await (await popup).close();
    await expect
      .poll(async () => ((await (await page.request.get("/api/bio/analytics?days=7")).json()) as BioAnalytics).links.find((link) => link.id === links[0]!.id)?.clicks)
      .toBe(1);
    await visitor.context().close();

    // The owner's Analytics tab: the visit and the click in the totals, Alpha first among the links.
    await page.goto("/bio");
    await page.getByRole("tab", { name: "Analytics" }).click();
    const panel = page.getByRole("tabpanel", { name: "Analytics" });
    await expect(panel.getByRole("definition").nth(0)).toHaveText("1");
    await expect(panel.getByRole("definition").nth(1)).toHaveText("1");
    await expect(panel.getByRole("img", { name: "Views and clicks per day, last 30 days: 1 view and 1 click in all." })).toBeVisible();
    await expect(panel.getByRole("region", { name: "Links by clicks" }).getByRole("listitem")).toHaveText([/Alpha\s*1 click$/, /0 clicks/, /0 clicks/]);
    await panel.getByText("Show as table").click();
    const today = new Date().toISOString().slice(0, 10);
    await expect(panel.getByRole("row").filter({ has: page.locator(`time[datetime="${today}"]`) }).getByRole("cell")).toHaveText([/\w/, "1", "1", "1"]);
    await expectAccessible(page, "bio editor, analytics tab with a visit and a click");
  });

  test("leaving the editor with unsaved changes asks first", async ({ page }) => {
    await memberWithLinks(page);
    await page.goto("/bio");
    await page.getByLabel("Display name").fill("Not saved yet");

    // An in-app link: dismissing the question stays on the page.
    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/dashboard";
      link.textContent = "elsewhere";
      document.body.append(link);
      link.click();
    });
    expect(asked).toBe("You have unsaved changes. Leave without saving them?");
    await expect(page).toHaveURL(/\/bio$/);

    // Closing or reloading the tab: the browser's own prompt (beforeunload).
    const prompt = new Promise<string>((resolve) => page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }));
    await page.close({ runBeforeUnload: true });
    expect(await prompt).toBe("beforeunload");
  });
});
