import { expect, type Page } from "@playwright/test";
import { createInviteCode } from "./invite-code";

export interface Account {
  username: string;
  password: string;
}

/** The site's first account, registered by bootstrap.spec.ts: an administrator. */
export const FOUNDER: Account = { username: "Founder", password: "Founder-e2e-1" };

const MEMBER_PASSWORD = "Member-e2e-Pass1";

/** A username no other test or run has used: the prefix (at most 5 characters), the time and a random tail. */
export function uniqueUsername(prefix = "m"): string {
  const tail = Math.random().toString(36).slice(2, 5);
  return `${prefix.slice(0, 5)}${Date.now().toString(36)}${tail}`;
}

/**
 * Registers a new member with a fresh invite code through the API, in the page's browser context,
 * which is then signed in as them (the page shows it at its next navigation).
 */
export async function registerMember(page: Page, prefix?: string): Promise<Account> {
  const account = { username: uniqueUsername(prefix), password: MEMBER_PASSWORD };
  const inviteCode = await createInviteCode();
  const response = await page.request.post("/api/auth/register", { data: { ...account, inviteCode } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs the page's browser context in as this account through the API (the page shows it at its next navigation). */
export async function signIn(page: Page, account: Account): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: account });
  expect(response.status(), await response.text()).toBe(200);
}
