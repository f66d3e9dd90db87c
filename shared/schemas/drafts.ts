import { z } from "zod";
import { DRAFT_CONTENT_MAX_LENGTH, USERNAME_PATTERN } from "../constants";
import { draftKeys } from "../draft-keys";
import { atMost, MAX_DB_INTEGER, upToSource } from "./fields";

// Still offered here, beside the schema it names keys for.
export { draftKeys };

/** The four forms of a key (an id within PostgreSQL's `integer`, a username's characters and length), for the route and the document. */
export const DRAFT_KEY_PATTERN = new RegExp(
  `^(?:${draftKeys.newTopic()}|(?:topic|conversation)-${upToSource(MAX_DB_INTEGER)}|comment-${USERNAME_PATTERN.source.slice(1, -1)})$`,
);

/** Whether a path's key is one of the four forms; anything else is a 400. */
export const isDraftKey = (key: string): boolean => DRAFT_KEY_PATTERN.test(key);

/** PUT /api/drafts/{key}: the text as typed (not trimmed; it may be empty). */
export const draftSchema = z.strictObject({
  content: z.string().max(DRAFT_CONTENT_MAX_LENGTH, atMost(`Draft too long: at most ${DRAFT_CONTENT_MAX_LENGTH} characters`)),
});
export type DraftInput = z.input<typeof draftSchema>;
export type DraftData = z.output<typeof draftSchema>;
