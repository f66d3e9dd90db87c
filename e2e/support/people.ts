import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { CurrentUser } from "../../shared/types/users";
import { FOUNDER } from "./members";

/** A real 1x1 PNG (a single indigo pixel): the server checks the bytes, not the name. */
const ONE_PIXEL_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mNITvsIAALqAbsneUV/AAAAAElFTkSuQmCC";

export function tinyPng(name = "avatar.png") {
  return { name, mimeType: "image/png", buffer: Buffer.from(ONE_PIXEL_PNG_BASE64, "base64") };
}

/** The signed-in member of the page's context, through the API. */
export async function currentUser(page: Page): Promise<CurrentUser> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as CurrentUser;
}

/** Gives a member an invite assigned to them, as the founder (an admin), in a request context of its own. */
export async function assignInvite(request: APIRequestContext, userId: number): Promise<string> {
  const login = await request.post("/api/auth/login", { data: FOUNDER });
  expect(login.status(), await login.text()).toBe(200);
  const response = await request.post(`/api/admin/users/${userId}/invite`);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { code: string }).code;
}

/** Writes a comment on a member's profile as the page's signed-in member, through the API. */
export async function commentOn(page: Page, profileUserId: number, content: string) {
  const response = await page.request.post(`/api/users/${profileUserId}/comments`, { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
}
