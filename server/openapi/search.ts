import { searchQuerySchema } from "@shared/schemas/search";
import { searchAnswerSchema } from "@shared/schemas/answers/forum";
import type { RouteDoc } from "./route-doc";

/** server/routes/search/ */
export const searchRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/search",
    summary: "Search posts, topics or members",
    description: "Best match first; `cursor` is the previous page's `nextCursor`. Limited per member.",
    access: "member",
    query: searchQuerySchema,
    answers: { 200: { description: "A page of results of the asked type.", schema: searchAnswerSchema } },
    errors: { 400: "The cursor is not one this search gave." },
  },
];
