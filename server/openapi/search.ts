import { SEARCH_COUNT_LIMIT } from "@shared/constants";
import { searchCountsQuerySchema, searchQuerySchema } from "@shared/schemas/search";
import { searchAnswerSchema, searchCountsAnswerSchema } from "@shared/schemas/answers/forum";
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
  {
    method: "get",
    path: "/api/search/counts",
    summary: "Count the results of each type",
    description: `How many posts, topics and members \`q\` finds, each counted up to ${SEARCH_COUNT_LIMIT}: ${SEARCH_COUNT_LIMIT} means more than ${SEARCH_COUNT_LIMIT - 1}. Limited per member, like search.`,
    access: "member",
    query: searchCountsQuerySchema,
    answers: { 200: { description: "Each type's count.", schema: searchCountsAnswerSchema } },
  },
];
