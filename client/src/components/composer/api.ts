// The composer's calls: its draft (decisions.md "Writing": /api/drafts/{key}) and the server's
// rendering of the text for the Preview tab (POST /api/preview).
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

/**
 * Saves the draft, or deletes it when the text is blank. `keepalive` lets the request finish after
 * the page is gone (the save on leaving the page).
 */
export async function writeDraft(key: string, content: string, { keepalive = false } = {}): Promise<void> {
  const saving = content.trim() !== "";
  const response = await fetch(draftUrl(key), {
    method: saving ? "PUT" : "DELETE",
    credentials: "include",
    keepalive,
    headers: saving ? { "Content-Type": "application/json" } : undefined,
    body: saving ? JSON.stringify({ content }) : undefined,
  });
  if (!response.ok) throw ApiError.fromText(response.status, await response.text());
}

export const previewQueryKey = (content: string) => ["/api/preview", content] as const;

/** The server's rendering of the text: the html the post will have. */
export async function fetchPreview(content: string): Promise<string> {
  const response = await apiRequest("POST", "/api/preview", { content });
  return ((await response.json()) as { html: string }).html;
}
