import path from "node:path";
import { FOUNDER } from "./support/members";
import { startServer } from "./support/server";
import { expect, test } from "./support/test";
import { expectToast } from "./support/toasts";

test("the first account registers with the setup code from the log and becomes the administrator", async ({ browser }, testInfo) => {
  // A site of its own, on an empty database: the worker's site has its first account already.
  const site = await startServer({ dir: path.join(process.env.E2E_RUN_DIR!, `bootstrap-${testInfo.workerIndex}`), port: 0 });
  try {
    if (!site.setupInviteCode) throw new Error("The server logged no setup invite code on its first start");
    const page = await browser.newPage({ baseURL: site.baseURL, viewport: testInfo.project.use.viewport });
    await page.goto("/register");
    await page.getByLabel("Username", { exact: true }).fill(FOUNDER.username);
    await page.getByLabel("Password", { exact: true }).fill(FOUNDER.password);
    await page.getByLabel("Invite Code", { exact: true }).fill(site.setupInviteCode);
    await page.getByRole("button", { name: "Register" }).click();

    await expectToast(page, "Registration successful!", "Welcome to Enclave");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("link", { name: "@Founder" })).toBeVisible();
    // The bar keeps the staff's pages in its Staff menu.
    await page.getByRole("banner").getByRole("button", { name: "Staff" }).click();
    await expect(page.getByRole("group", { name: "Staff" }).getByRole("link", { name: "Admin" })).toBeVisible();
    await page.context().close();
  } finally {
    await site.stop();
  }
});
