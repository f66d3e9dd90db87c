import { z } from "zod";
import { DRAFT_CONTENT_MAX_LENGTH, USERNAME_PATTERN } from "../constants";
import { draftKeys } from "../draft-keys";
import { atMost, MAX_DB_INTEGER } from "./fields";

// Still offered here, beside the schema it names keys for.
export { draftKeys };

const ID = /^[1-9][0-9]{0,9}$/;
const isId = (value: string) => ID.test(value) && Number(value) <= MAX_DB_INTEGER;

/** Whether a path's key is one of the four forms; anything else is a 400. */
export function isDraftKey(key: string): boolean {
  if (key === draftKeys.newTopic()) return true;
  const [, form, rest] = /^(topic|comment|conversation)-(.*)$/.exec(key) ?? [];
  if (!form || rest === undefined) return false;
  return form === "comment" ? USERNAME_PATTERN.test(rest) : isId(rest);
}

/** PUT /api/drafts/{key}: the text as typed (not trimmed; it may be empty). */
export const draftSchema = z.strictObject({
  content: z.string().max(DRAFT_CONTENT_MAX_LENGTH, atMost(`Draft too long: at most ${DRAFT_CONTENT_MAX_LENGTH} characters`)),
});
export type DraftInput = z.input<typeof draftSchema>;
export type DraftData = z.output<typeof draftSchema>;
