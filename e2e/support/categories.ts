import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { Category } from "../../shared/types/categories";
import type { Topic } from "../../shared/types/forum";
import { FOUNDER } from "./members";

/** A category name no other project or run uses (at most 50 characters). */
export function uniqueCategoryName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** A tag no other project or run uses. */
export function uniqueTag(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/** Creates a category as the site's first account (an administrator), in a request context of its own. */
export async function createCategory(request: APIRequestContext, fields: { name: string; color: string; description?: string }): Promise<Category> {
  const login = await request.post("/api/auth/login", { data: FOUNDER });
  expect(login.status(), await login.text()).toBe(200);
  const response = await request.post("/api/admin/categories", { data: fields });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Category;
}

/** Creates a topic in a category with tags as the page's signed-in member, through the API. */
export async function createFiledTopic(page: Page, topic: { title: string; categoryId?: number; tags?: string[] }): Promise<Topic> {
  const response = await page.request.post("/api/topics", { data: topic });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Topic;
}
