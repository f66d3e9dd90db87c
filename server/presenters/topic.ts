import type { Topic, TopicDetail, TopicListItem } from "@shared/types";
import type { topics } from "../db/schema";

export type TopicRow = typeof topics.$inferSelect & { authorUsername: string; authorAvatar: string | null };

export function presentTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    createdBy: row.createdBy,
    postsCount: row.postsCount,
    lastPostAt: row.lastPostAt?.toISOString() ?? null,
    isLocked: row.isLocked,
    isPinned: row.isPinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
  };
}

export type TopicListRow = TopicRow & { unreadCount: number; isNew: boolean };

export function presentTopicListItem(row: TopicListRow): TopicListItem {
  return { ...presentTopic(row), unreadCount: row.unreadCount, isNew: row.isNew };
}

export type TopicDetailRow = TopicRow & { lastReadPostId: number | null };

export function presentTopicDetail(row: TopicDetailRow): TopicDetail {
  return { ...presentTopic(row), lastReadPostId: row.lastReadPostId };
}
