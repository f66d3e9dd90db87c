import { SEARCH_TYPES, type SearchType } from "@shared/constants";
import type { SearchCounts } from "@shared/types";

/**
 * The tab a search opens on when the address names none: the first, in tab order (Posts, Topics,
 * Members), that has results; Posts when none has (its empty state says so).
 */
export function defaultSearchTab({ counts }: SearchCounts): SearchType {
  return SEARCH_TYPES.find((type) => counts[type] > 0) ?? "posts";
}
