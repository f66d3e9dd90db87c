import { MAX_TOPIC_TAGS } from "@shared/constants";
import { tagSchema } from "@shared/schemas/categories";

/**
 * Adds what a member typed as a tag: normalized by the same rule the server applies (shared zod
 * schema), a repeat left out, at most five. An `error` says why nothing was added.
 */
export function addTag(tags: readonly string[], typed: string): { tags: string[]; error?: string } {
  if (typed.trim() === "") return { tags: [...tags] };
  const parsed = tagSchema.safeParse(typed);
  if (!parsed.success) return { tags: [...tags], error: parsed.error.issues[0]?.message ?? "Invalid tag" };
  if (tags.includes(parsed.data)) return { tags: [...tags] };
  if (tags.length >= MAX_TOPIC_TAGS) return { tags: [...tags], error: `At most ${MAX_TOPIC_TAGS} tags` };
  return { tags: [...tags, parsed.data] };
}
