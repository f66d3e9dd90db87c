import type { z } from "zod";
import type { memberSearchResultSchema, postSearchResultSchema, searchAnswerSchema, searchCountsAnswerSchema, topicSearchResultSchema } from "../schemas/answers/forum";

/** A `[start, end)` range of characters that matched the search, into `snippet` (posts) or `title` (topics). */
export type HighlightRange = PostSearchResult["highlights"][number];

export type PostSearchResult = z.output<typeof postSearchResultSchema>;
export type TopicSearchResult = z.output<typeof topicSearchResultSchema>;
export type MemberSearchResult = z.output<typeof memberSearchResultSchema>;

/** GET /api/search: a page of one type of results (one member of the answer schema's union). */
export type SearchPage<T> = Omit<z.output<typeof searchAnswerSchema>, "results"> & { results: T[] };

/** GET /api/search/counts: each type's results, counted up to SEARCH_COUNT_LIMIT (that many means more). */
export type SearchCounts = z.output<typeof searchCountsAnswerSchema>;
