import { z } from "zod";
import { WATCHED_WORD_ACTIONS, WATCHED_WORD_MAX_LENGTH } from "../watched-words";
import { atMost } from "./fields";

export const WATCHED_WORD_REQUIRED = "Word required";
export const WATCHED_WORD_TOO_LONG = `A word is at most ${WATCHED_WORD_MAX_LENGTH} characters`;
export const WATCHED_WORD_NEEDS_TEXT = "A word needs something besides * and spaces";
export const WATCHED_WORD_ACTION_REQUIRED = "Choose block, flag or censor";

/** A word or a phrase, `*` standing for any letters inside a word; trimmed, inner spaces made one. */
export const watchedWordSchema = z
  .string({ error: WATCHED_WORD_REQUIRED })
  .trim()
  .min(1, WATCHED_WORD_REQUIRED)
  .max(WATCHED_WORD_MAX_LENGTH, atMost(WATCHED_WORD_TOO_LONG))
  .regex(/[^\s*]/, WATCHED_WORD_NEEDS_TEXT)
  .transform((word) => word.replace(/\s+/g, " "));

/** POST /api/admin/watched-words, and the form that adds one. */
export const createWatchedWordSchema = z.strictObject({
  word: watchedWordSchema,
  action: z.enum(WATCHED_WORD_ACTIONS, { error: WATCHED_WORD_ACTION_REQUIRED }),
});
export type CreateWatchedWordInput = z.input<typeof createWatchedWordSchema>;
export type CreateWatchedWordData = z.output<typeof createWatchedWordSchema>;
