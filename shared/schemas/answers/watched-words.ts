import { z } from "zod";
import { WATCHED_WORD_ACTIONS } from "../../watched-words";
import { idSchema, isoTimeSchema } from "./common";

/** A watched word (docs/product.md "Watched words"): `createdBy` is the administrator who added it, null once they are gone. */
export const watchedWordAnswerSchema = z
  .strictObject({
    id: idSchema,
    word: z.string(),
    action: z.enum(WATCHED_WORD_ACTIONS),
    createdBy: z.string().nullable(),
    createdAt: isoTimeSchema,
  })
  .meta({ id: "WatchedWord" });

/** GET /api/admin/watched-words: the whole list, newest first. */
export const watchedWordsAnswerSchema = z.strictObject({ words: z.array(watchedWordAnswerSchema) }).meta({ id: "WatchedWords" });
