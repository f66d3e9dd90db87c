/**
 * What a draft belongs to (docs/product.md "Forum"): `new-topic`, a reply in `topic-{id}`, a comment
 * on the profile of `comment-{username}`, a message in `conversation-{id}`. The keys are built here
 * and nowhere else, so the client saves under the key the server deletes after a post. Apart from
 * the draft schema (schemas/drafts.ts), so a screen can name its draft without loading zod.
 */
export const draftKeys = {
  newTopic: () => "new-topic",
  topic: (topicId: number) => `topic-${topicId}`,
  comment: (username: string) => `comment-${username}`,
  conversation: (conversationId: number) => `conversation-${conversationId}`,
};
