import type { BrowserContext, CDPSession } from "@playwright/test";
import { expect, test } from "./support/test";
import { confirmationDialog, confirmInDialog } from "./support/confirmation";
import { registerMember } from "./support/members";
import { expectToast } from "./support/toasts";

/**
 * Chromium's virtual authenticator (DevTools' WebAuthn domain) in the context's page: a platform
 * authenticator holding discoverable credentials, which verifies its user and answers at once.
 */
async function virtualAuthenticator(context: BrowserContext): Promise<CDPSession> {
  const cdp = await context.newCDPSession(context.pages()[0]!);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

test("a member adds a passkey, signs in with it alone, confirms a change with it and removes it", { tag: "@phone" }, async ({ browser, server }, testInfo) => {
  const { viewport, isMobile, hasTouch } = testInfo.project.use;
  // Browsers refuse an IP address as relying party id: the site is opened on localhost.
  const context = await browser.newContext({ baseURL: server.baseURL.replace("127.0.0.1", "localhost"), viewport, isMobile, hasTouch });
  try {
    const page = await context.newPage();
    await virtualAuthenticator(context);
    const account = await registerMember(page, "pk");

    // Adding asks for the password first, then the device makes the passkey.
    await page.goto("/dashboard");
    await page.getByLabel("Passkey name").fill("Work laptop", { timeout: 15_000 });
    await page.getByRole("button", { name: "Add passkey" }).click();
    await confirmInDialog(page, account.password);
    await expectToast(page, "Passkey added", "You can sign in with “Work laptop”");
    const rows = page.getByRole("list", { name: "Passkeys" }).getByTestId("passkey-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Work laptop");
    await expect(rows.first()).toContainText("Never used");

    // Signed out, the passkey alone signs in: no username, password or code.
    await page.request.post("/api/auth/logout", { data: {} });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expectToast(page, "Login successful!", "Welcome back to Enclave");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(rows.first()).toContainText("Last used");

    // A new sign-in has no confirmation window: removing asks, and the passkey answers for the password.
    await rows.first().getByRole("button", { name: "Remove Work laptop" }).click();
    await page.getByRole("dialog", { name: "Remove this passkey?" }).getByRole("button", { name: "Remove passkey" }).click();
    const confirmation = confirmationDialog(page);
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole("button", { name: "Use a passkey instead" }).click();
    await expect(confirmation).toBeHidden();
    await expectToast(page, "Passkey removed", "It can no longer sign you in");
    await expect(page.getByText("You have no passkeys.")).toBeVisible();

    // Removed here, the device's copy signs in no more.
    await page.request.post("/api/auth/logout", { data: {} });
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expectToast(page, "Login failed", "This passkey is not registered here");
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await context.close();
  }
});
