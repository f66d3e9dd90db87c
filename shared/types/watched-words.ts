import type { z } from "zod";
import type { watchedWordAnswerSchema, watchedWordsAnswerSchema } from "../schemas/answers/watched-words";

/** A watched word, as GET|POST /api/admin/watched-words answer it. */
export type WatchedWord = z.output<typeof watchedWordAnswerSchema>;
export type WatchedWordsResponse = z.output<typeof watchedWordsAnswerSchema>;
