import { expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import type { Conversation, Message } from "../../shared/types/conversations";
import { MOBILE_BREAKPOINT_PX } from "../../client/src/lib/ui-constants";
import { registerMember, type Account } from "./members";

/** Starts a conversation as the page's signed-in member, through the API. */
export async function startConversation(page: Page, usernames: string[], content: string, title?: string): Promise<Conversation> {
  const response = await page.request.post("/api/conversations", { data: { usernames, content, title } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Conversation;
}

/** Sends a message as the page's signed-in member, through the API. */
export async function sendMessage(page: Page, conversationId: number, content: string): Promise<Message> {
  const response = await page.request.post(`/api/conversations/${conversationId}/messages`, { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Message;
}

/** A second browser (its own cookies) with the project's screen, signed in as a new member. */
export async function otherMember(browser: Browser, testInfo: TestInfo, prefix: string): Promise<{ page: Page; account: Account; close: () => Promise<void> }> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  return { page, account: await registerMember(page, prefix), close: () => context.close() };
}

/**
 * Where the navigation shows the unread count: the Messages link on wide screens; below the
 * breakpoint the menu button, which stands for the links behind it.
 */
export function messagesNavigation(page: Page): Locator {
  const width = page.viewportSize()?.width ?? MOBILE_BREAKPOINT_PX;
  if (width >= MOBILE_BREAKPOINT_PX) return page.getByRole("banner").getByRole("link", { name: /^Messages/ });
  return page.getByRole("button", { name: /^Open menu/ });
}
