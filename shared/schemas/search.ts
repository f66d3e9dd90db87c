import { z } from "zod";
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES } from "../constants";

/** GET /api/search: `q` is 1-200 characters after trimming; `cursor` is the previous page's nextCursor. */
export const searchQuerySchema = z.object({
  q: z
    .string("Search text required")
    .trim()
    .min(1, "Search text required")
    .max(SEARCH_QUERY_MAX_LENGTH, `Search text must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`)
    .refine((value) => !value.includes("\0"), "Invalid character")
    // Not blank, and no NUL.
    .meta({ pattern: "^[^\\u0000]*[^\\s\\u0000][^\\u0000]*$" }),
  type: z.enum(SEARCH_TYPES).default("posts"),
  cursor: z.string().max(500).optional(),
});
export type SearchQueryInput = z.input<typeof searchQuerySchema>;

/** GET /api/search/counts: the same text, every type at once. */
export const searchCountsQuerySchema = searchQuerySchema.pick({ q: true });
export type SearchCountsQueryData = z.output<typeof searchCountsQuerySchema>;
export type SearchQueryData = z.output<typeof searchQuerySchema>;
