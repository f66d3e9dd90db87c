// The composer's calls: its draft (docs/product.md "Forum": /api/drafts/{key}) and the server's
// rendering of the text for the Preview tab (POST /api/preview).
import type { DraftInput } from "@shared/schemas/drafts";
import type { Draft } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";

const draftUrl = (key: string) => `/api/drafts/${encodeURIComponent(key)}`;

export const draftQueryKey = (key: string) => ["/api/drafts", key] as const;

/** The member's draft under the key, or null when there is none (the server answers 204, no error). */
export async function fetchDraft(key: string, signal?: AbortSignal): Promise<Draft | null> {
  const response = await fetch(draftUrl(key), { credentials: "include", signal });
  if (!response.ok) throw ApiError.fromText(response.status, await response.text());
  if (response.status === 204) return null;
  return (await response.json()) as Draft;
}

/** What a draft keeps: the text, and in the new topic's draft its title, category and tags. */
export type DraftFields = DraftInput;

/**
 * Saves the draft, or deletes it when it keeps nothing (`keep` false). `keepalive` lets the request
 * finish after the page is gone (the save on leaving the page).
 */
export async function writeDraft(key: string, draft: DraftFields, { keep = true, keepalive = false } = {}): Promise<void> {
  const response = await fetch(draftUrl(key), {
    method: keep ? "PUT" : "DELETE",
    credentials: "include",
    keepalive,
    headers: keep ? { "Content-Type": "application/json" } : undefined,
    body: keep ? JSON.stringify(draft) : undefined,
  });
  if (!response.ok) throw ApiError.fromText(response.status, await response.text());
}

/** Composers listening for their key's draft to be posted (an event per key). */
const posted = new EventTarget();

/**
 * What a draft was of has been posted: the server deleted the draft in the same transaction. Its
 * composer drops any save still waiting (it would bring the draft back) and its status.
 */
export function draftPosted(key: string): void {
  posted.dispatchEvent(new Event(key));
}

export function onDraftPosted(key: string, listener: () => void): () => void {
  posted.addEventListener(key, listener);
  return () => posted.removeEventListener(key, listener);
}

export const previewQueryKey = (content: string) => ["/api/preview", content] as const;

/** The server's rendering of the text: the html the post will have. */
export async function fetchPreview(content: string): Promise<string> {
  const response = await apiRequest("POST", "/api/preview", { content });
  return ((await response.json()) as { html: string }).html;
}
