import type { TopicDeletedMessage } from "@shared/types/presence";

/**
 * The /ws message for a payload on the topics channel (`{"topicId":n}`: that topic was deleted),
 * sent to every connection: topic ids are no secret, and a deletion is rare, so nobody keeps track
 * of who has which topic open.
 */
export function topicDeletedMessage(payload: string): string | undefined {
  let topicId: unknown;
  try {
    ({ topicId } = JSON.parse(payload) as { topicId?: unknown });
  } catch {
    return undefined;
  }
  if (typeof topicId !== "number") return undefined;
  return JSON.stringify({ type: "topic_deleted", topicId } satisfies TopicDeletedMessage);
}
