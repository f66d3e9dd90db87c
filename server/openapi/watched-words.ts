import { createWatchedWordSchema } from "@shared/schemas/watched-words";
import { watchedWordAnswerSchema, watchedWordsAnswerSchema } from "@shared/schemas/answers/watched-words";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/admin/watched-words.ts */
export const watchedWordsRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/admin/watched-words",
    summary: "The watched words",
    description: "Every word or phrase posts, topics, profile comments and messages are checked against, newest first.",
    access: "admin",
    answers: { 200: { description: "The list.", schema: watchedWordsAnswerSchema } },
  },
  {
    method: "post",
    path: "/api/admin/watched-words",
    summary: "Watch a word",
    description:
      "A word or a phrase (`*` stands for any letters inside a word), matched on whole words, ignoring case and accents. " +
      "`block` refuses a text containing it (400 `Your post contains a word that is not allowed: {word}`), `flag` posts it " +
      "and puts it in the review queue at once, `censor` shows `■■■` in its place to readers.",
    access: "admin",
    body: createWatchedWordSchema,
    answers: { 201: { description: "The word as watched.", schema: watchedWordAnswerSchema } },
    errors: { 409: "The word (ignoring case and accents) is already watched." },
  },
  {
    method: "delete",
    path: "/api/admin/watched-words/:id",
    summary: "Stop watching a word",
    access: "admin",
    params: idParams,
    answers: { 204: { description: "Removed." } },
    errors: { 404: "No such watched word." },
  },
];
