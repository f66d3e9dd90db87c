import type { Viewer } from "./viewer";
import type { TopicNotificationLevel } from "@shared/constants";
import type { Topic, TopicDetail, TopicListItem } from "@shared/types";
import type { topics } from "../db/schema";
import { canEditTopic, canModerateTopic, canReply } from "../policies/forum";
import { isSilencedNow } from "../policies/silence";
import { isoTime, isoTimeOrNull } from "./iso-time";
import { roleOf } from "@shared/roles";
import type { AuthorRoleRow } from "../queries/author-role";

/** The starter's columns are null once the topic outlived them (docs/decisions/058): shown as "Deleted member". */
export type TopicRow = typeof topics.$inferSelect & { authorUsername: string | null; authorAvatar: string | null } & AuthorRoleRow;

/** The fields of a topic every viewer gets alike: the kept list serializes them once (topic-list-json.ts). */
export function presentTopicShared(row: TopicRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    createdBy: row.createdBy,
    categoryId: row.categoryId,
    tags: row.tags,
    postsCount: row.postsCount,
    lastPostAt: isoTimeOrNull(row.lastPostAt),
    isLocked: row.isLocked,
    isPinned: row.isPinned,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    authorRole: roleOf({ isAdmin: row.authorIsAdmin, isModerator: row.authorIsModerator }),
    canReply: canReply(row),
  };
}

/** What the viewer may do with the topic, after the shared fields. */
export function presentTopicForViewer(row: TopicRow, viewer: Viewer) {
  return {
    // A silenced member edits nothing (docs/product.md "Moderation by the community").
    canEdit: !isSilencedNow(viewer) && canEditTopic(viewer, row),
    canModerate: canModerateTopic(viewer),
  };
}

export function presentTopic(row: TopicRow, viewer: Viewer): Topic {
  return Object.assign(presentTopicShared(row), presentTopicForViewer(row, viewer));
}

/** The viewer's unread state of a topic: in the list's rows, or read apart for a cached list (docs/decisions/037). */
export type TopicReaderState = { unreadCount: number; isNew: boolean; notificationLevel: TopicNotificationLevel };
export type TopicListRow = TopicRow & TopicReaderState;

// The topic is extended in place: spreading it into a new object took longer than building it
// (about 5 µs a topic, fifty per list; docs/performance.md).
export function presentTopicListItem(row: TopicRow, viewer: Viewer, state: TopicReaderState): TopicListItem {
  return Object.assign(presentTopicShared(row), presentTopicListItemForViewer(row, viewer, state));
}

/** A list item's fields that are the viewer's own: what they may do, and their unread state. */
export function presentTopicListItemForViewer(row: TopicRow, viewer: Viewer, state: TopicReaderState) {
  return Object.assign(presentTopicForViewer(row, viewer), { unreadCount: state.unreadCount, isNew: state.isNew, notificationLevel: state.notificationLevel });
}

export type TopicDetailRow = TopicRow & { lastReadPostId: number | null; notificationLevel: TopicNotificationLevel };

export function presentTopicDetail(row: TopicDetailRow, viewer: Viewer): TopicDetail {
  return Object.assign(presentTopic(row, viewer), { lastReadPostId: row.lastReadPostId, notificationLevel: row.notificationLevel });
}
