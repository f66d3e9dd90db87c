import { expect, type Page, type TestInfo } from "@playwright/test";
import type { Post, Topic } from "../../shared/types/forum";

/** A topic title no other project or run uses. */
export function uniqueTitle(testInfo: TestInfo, label: string): string {
  return `${label} (${testInfo.project.name} ${Date.now().toString(36)})`;
}

/** Creates a topic as the page's signed-in member, through the API. */
export async function createTopic(page: Page, title: string, description?: string): Promise<Topic> {
  const response = await page.request.post("/api/topics", { data: { title, description } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Topic;
}

/** Replies to a topic as the page's signed-in member, through the API. */
export async function createPost(page: Page, topicId: number, content: string): Promise<Post> {
  const response = await page.request.post(`/api/topics/${topicId}/posts`, { data: { content } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Post;
}
