import { z } from "zod";
import { DRAFT_CONTENT_MAX_LENGTH, TEXT_LIMITS, USERNAME_PATTERN } from "../constants";
import { draftKeys } from "../draft-keys";
import { topicCategoryIdSchema, topicTagsSchema } from "./categories";
import { atMost, MAX_DB_INTEGER, upToSource } from "./fields";

// Still offered here, beside the schema it names keys for.
export { draftKeys };

/** The four forms of a key (an id within PostgreSQL's `integer`, a username's characters and length), for the route and the document. */
export const DRAFT_KEY_PATTERN = new RegExp(
  `^(?:${draftKeys.newTopic()}|(?:topic|conversation)-${upToSource(MAX_DB_INTEGER)}|comment-${USERNAME_PATTERN.source.slice(1, -1)})$`,
);

/** Whether a path's key is one of the four forms; anything else is a 400. */
export const isDraftKey = (key: string): boolean => DRAFT_KEY_PATTERN.test(key);

/**
 * The new topic's other fields, kept beside its description in the new-topic draft: the title as
 * typed (it may be empty until posted), the chosen category (null: none chosen) and the tags.
 */
export const draftTopicSchema = z.strictObject({
  title: z.string().max(TEXT_LIMITS.topicTitle, atMost(`Title too long: at most ${TEXT_LIMITS.topicTitle} characters`)),
  categoryId: topicCategoryIdSchema.nullable(),
  tags: topicTagsSchema,
});
export type DraftTopic = z.output<typeof draftTopicSchema>;

/** Only the new-topic draft has fields beside its text. */
export const DRAFT_TOPIC_ONLY_NEW_TOPIC = "Only the new-topic draft keeps a title, category and tags";

/** PUT /api/drafts/{key}: the text as typed (not trimmed; it may be empty); under new-topic, also the topic's other fields. */
export const draftSchema = z.strictObject({
  content: z.string().max(DRAFT_CONTENT_MAX_LENGTH, atMost(`Draft too long: at most ${DRAFT_CONTENT_MAX_LENGTH} characters`)),
  topic: draftTopicSchema.optional(),
});
export type DraftInput = z.input<typeof draftSchema>;
export type DraftData = z.output<typeof draftSchema>;
