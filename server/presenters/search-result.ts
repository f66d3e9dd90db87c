import { SEARCH_SNIPPET_MAX_LENGTH } from "@shared/constants";
import type { SearchType } from "@shared/constants";
import type { MemberSearchResult, PostSearchResult, SearchCounts, TopicSearchResult } from "@shared/types";
import type { MemberMatchRow, PostMatchRow, TopicMatchRow } from "../queries/search";
import { clipAroundFirstHighlight, highlightedSource } from "../search/marked-text";
import { isoTime, isoTimeOrNull } from "./iso-time";
import { roleOf } from "@shared/roles";
import { renderMarkdown } from "../markdown/render";

export function presentPostResult(row: PostMatchRow): PostSearchResult {
  const { text, highlights } = clipAroundFirstHighlight(highlightedSource(row.source, row.marked), SEARCH_SNIPPET_MAX_LENGTH);
  return {
    postId: row.postId,
    topicId: row.topicId,
    topicTitle: row.topicTitle,
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    createdAt: isoTime(row.createdAt),
    snippet: text,
    highlights,
  };
}

export function presentTopicResult(row: TopicMatchRow): TopicSearchResult {
  const { text, highlights } = highlightedSource(row.title, row.markedTitle);
  return {
    topicId: row.topicId,
    title: text,
    // The opener as plain text (docs/product.md "The opener is a post"); a hidden one not at all.
    description: row.hidden || row.description === null ? null : (row.descriptionText ?? renderMarkdown(row.description).text),
    authorUsername: row.authorUsername,
    postsCount: row.postsCount,
    lastPostAt: isoTimeOrNull(row.lastPostAt),
    highlights,
  };
}

export function presentMemberResult(row: MemberMatchRow): MemberSearchResult {
  return { id: row.id, username: row.username, avatar: row.avatar, isAdmin: row.isAdmin, role: roleOf(row), postsCount: row.postsCount };
}

export function presentSearchCounts(counts: Record<SearchType, number>): SearchCounts {
  return { counts: { posts: counts.posts, topics: counts.topics, members: counts.members } };
}
