import type { Topic, TopicDetail, TopicListItem } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { topics } from "../db/schema";
import { isAdministrator } from "../policies/admin";
import { canReply } from "../policies/forum";

export type TopicRow = typeof topics.$inferSelect & { authorUsername: string; authorAvatar: string | null };

export function presentTopic(row: TopicRow, viewer: Pick<SessionUser, "isAdmin">): Topic {
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
    canReply: canReply(row),
    // The topic routes that moderate are behind the `admin` guard, which applies the same policy.
    canModerate: isAdministrator(viewer),
  };
}

export type TopicListRow = TopicRow & { unreadCount: number; isNew: boolean };

export function presentTopicListItem(row: TopicListRow, viewer: Pick<SessionUser, "isAdmin">): TopicListItem {
  return { ...presentTopic(row, viewer), unreadCount: row.unreadCount, isNew: row.isNew };
}

export type TopicDetailRow = TopicRow & { lastReadPostId: number | null };

export function presentTopicDetail(row: TopicDetailRow, viewer: Pick<SessionUser, "isAdmin">): TopicDetail {
  return { ...presentTopic(row, viewer), lastReadPostId: row.lastReadPostId };
}
