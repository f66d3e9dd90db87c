import type { z } from "zod";
import type { searchCountsAnswerSchema } from "../schemas/answers/forum";
import type { Role } from "../roles";

/** A `[start, end)` range of characters that matched the search, into `snippet` (posts) or `title` (topics). */
export type HighlightRange = [number, number];

export interface PostSearchResult {
  postId: number;
  topicId: number;
  topicTitle: string;
  authorUsername: string;
  authorAvatar: string | null;
  createdAt: string;
  /** Plain text around the best match, at most 240 characters. */
  snippet: string;
  highlights: HighlightRange[];
}

export interface TopicSearchResult {
  topicId: number;
  title: string;
  description: string | null;
  authorUsername: string;
  postsCount: number;
  lastPostAt: string | null;
  highlights: HighlightRange[];
}

export interface MemberSearchResult {
  id: number;
  username: string;
  avatar: string | null;
  isAdmin: boolean;
  role: Role;
  postsCount: number;
}

export interface SearchPage<T> {
  results: T[];
  nextCursor: string | null;
}

/** GET /api/search/counts: each type's results, counted up to SEARCH_COUNT_LIMIT (that many means more). */
export type SearchCounts = z.output<typeof searchCountsAnswerSchema>;
