import { expect, type Locator, type Page } from "@playwright/test";
import type { CurrentUser } from "../../shared/types/users";

/** The signed-in account of the page's browser context (GET /api/auth/user). */
export async function currentUser(page: Page): Promise<CurrentUser> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CurrentUser;
}

/** Searches the admin users table (by username or UID) and waits for the member's row. */
export async function findUser(page: Page, search: string, userId: number): Promise<Locator> {
  await page.getByRole("searchbox", { name: "Search users" }).fill(search);
  await page.getByRole("searchbox", { name: "Search users" }).press("Enter");
  const row = userRow(page, userId);
  await expect(row).toBeVisible();
  return row;
}

/** A member's row in the admin users table (a table row on wide screens, a card on phones). */
export function userRow(page: Page, userId: number): Locator {
  return page.locator(`[data-user-id="${userId}"]:visible`);
}

/** An invite's row in the admin invites table (a table row on wide screens, a card on phones). */
export function inviteRow(page: Page, code: string): Locator {
  return page.locator(`[data-invite-code="${code}"]:visible`);
}

/**
 * A member's action in the admin users table: a button of the row (Ban, Silence and their undoing),
 * or an entry of the row's More menu (Role, Invites, Badges, Create invite, Delete), which this opens.
 */
export async function userAction(page: Page, username: string, name: string): Promise<Locator> {
  const actions = page.getByRole("group", { name: `Actions for ${username}` });
  await expect(actions).toBeVisible();
  const action = actions.getByRole("button", { name, exact: true });
  if (await action.isVisible()) return action;
  await actions.getByRole("button", { name: "More" }).click();
  await expect(page.getByRole("group", { name: `More actions for ${username}` })).toBeVisible();
  return action;
}
