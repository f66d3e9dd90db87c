import { expect, type APIRequestContext, type Page } from "@playwright/test";
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

/** How many invite codes the CLI makes at once while registering members in bulk. */
const INVITE_CONCURRENCY = 5;

/**
 * Registers `count` members through the API in a request context of their own (e.g. the `request`
 * fixture), so the page keeps whoever it is signed in as. Returns them in the order registered.
 */
export async function registerMembers(request: APIRequestContext, count: number, prefix = "pm"): Promise<Account[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const batch = Math.min(INVITE_CONCURRENCY, count - codes.length);
    codes.push(...(await Promise.all(Array.from({ length: batch }, () => createInviteCode()))));
  }
  const accounts: Account[] = [];
  for (const inviteCode of codes) {
    const account = { username: uniqueUsername(prefix), password: MEMBER_PASSWORD };
    const response = await request.post("/api/auth/register", { data: { ...account, inviteCode } });
    expect(response.status(), await response.text()).toBe(201);
    accounts.push(account);
  }
  return accounts;
}
