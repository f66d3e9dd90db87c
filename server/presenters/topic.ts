import type { Viewer } from "./viewer";
import type { TopicNotificationLevel } from "@shared/constants";
import type { Topic, TopicDetail, TopicListItem } from "@shared/types";
import type { topics } from "../db/schema";
import { canEditTopic, canModerateTopic, canReply } from "../policies/forum";
import { isSilencedNow } from "../policies/silence";
import { isoTime, isoTimeOrNull } from "./iso-time";
import { roleOf } from "@shared/roles";
import type { AuthorRoleRow } from "../queries/author-role";
import type { ReactionCount } from "../queries/reactions";
import { canSeeHiddenText } from "../policies/flags";
import { readsUncensoredSource } from "../policies/watched-words";
import { reactionRefusal } from "../policies/reaction";
import { storedHtml } from "./markdown-html";
import { presentReactions } from "./reaction";
import { renderMarkdown } from "../markdown/render";

/** The starter's columns are null once the topic outlived them (docs/decisions/058): shown as "Deleted member". */
export type TopicRow = typeof topics.$inferSelect & { authorUsername: string | null; authorAvatar: string | null } & AuthorRoleRow;

/**
 * Whether the viewer gets the opener's text: one hidden by flags shows it only to its author and
 * staff, as a post (docs/product.md "The opener is a post"); its title and replies stay.
 */
export const openerTextShown = (row: TopicRow, viewer: Viewer) => row.hiddenAt === null || canSeeHiddenText(viewer, { authorId: row.createdBy });

/** The opener as plain text, for excerpts: stored with it, or (before the backfill reached it) read from its source. */
const descriptionText = (row: TopicRow) => (row.description === null ? null : (row.descriptionText ?? renderMarkdown(row.description).text));

/**
 * The fields of a topic every viewer gets alike: the kept list serializes them once
 * (topic-list-json.ts), so a hidden opener's text is left out of the lists for everyone.
 */
export function presentTopicShared(row: TopicRow, textShown = row.hiddenAt === null) {
  return {
    id: row.id,
    title: row.title,
    // The lists are alike for everyone: an opener's censored words read ■■■ there, its author's included.
    description: textShown ? (row.descriptionCensored ?? row.description) : null,
    descriptionText: textShown ? descriptionText(row) : null,
    descriptionHidden: row.hiddenAt !== null,
    descriptionEdited: row.descriptionEditedAt !== null,
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

/**
 * A topic as one viewer sees it, opener and all: its rendered text (as a post's `html`), its
 * reactions (listReactionCounts of the topic), whether the viewer may react to it and whether they flagged it (an open flag).
 */
export function presentTopic(row: TopicRow, viewer: Viewer, reactions: ReactionCount[] | undefined, viewerFlagged = false): Topic {
  const shown = openerTextShown(row, viewer);
  return Object.assign(presentTopicShared(row, shown), presentTopicForViewer(row, viewer), {
    viewerFlagged,
    // Its source as written for its author and staff (the edit form), censored words as ■■■ for others.
    description: shown ? (readsUncensoredSource(viewer, { authorId: row.createdBy }) ? row.description : (row.descriptionCensored ?? row.description)) : null,
    descriptionHtml: shown && row.description !== null ? storedHtml({ content: row.description, html: row.descriptionHtml }) : null,
    canReact: !isSilencedNow(viewer) && reactionRefusal(viewer, { authorId: row.createdBy }) === null,
    reactions: presentReactions(reactions),
  });
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

export function presentTopicDetail(row: TopicDetailRow, viewer: Viewer, reactions: ReactionCount[] | undefined, viewerFlagged: boolean): TopicDetail {
  return Object.assign(presentTopic(row, viewer, reactions, viewerFlagged), { lastReadPostId: row.lastReadPostId, notificationLevel: row.notificationLevel });
}
