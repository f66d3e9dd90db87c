import { authorGone } from "@shared/member-deletion";
import type { BlocksList, Conversation, ConversationMember, ConversationsPage, Message, MessagesPage } from "@shared/types";
import { roleOf } from "@shared/roles";
import type { ConversationRow, MemberRow, MessageRow, ParticipantRow } from "../queries/conversations";
import { isoTime } from "./iso-time";
import { readsUncensoredMessage } from "../policies/watched-words";

const presentParticipant = (row: ParticipantRow): ConversationMember => ({ id: row.id, username: row.username, avatar: row.avatar, role: roleOf(row) });

export function presentConversation(row: ConversationRow): Conversation {
  const last = row.lastMessage;
  return {
    id: row.id,
    title: row.title,
    participants: row.participants.map(presentParticipant),
    lastMessage: last && { id: last.id, authorUsername: last.authorUsername, excerpt: last.deleted ? "" : last.excerpt, createdAt: isoTime(last.createdAt) },
    unreadCount: row.unreadCount,
    updatedAt: isoTime(last?.createdAt ?? row.createdAt),
  };
}

/** A page read with one row more than it shows: that row's presence gives the next cursor (the last shown one's list key). */
export function presentConversationsPage(rows: ConversationRow[], pageSize: number, unreadCount: number): ConversationsPage {
  const shown = rows.slice(0, pageSize);
  const nextCursor = rows.length > pageSize ? String(shown[shown.length - 1]!.lastMessageId) : null;
  return { conversations: shown.map(presentConversation), unreadCount, nextCursor };
}

/**
 * A deleted message keeps its place and its author, with no text; one that outlived its deleted author has none ("Deleted member").
 * `readerId`: who it is for. Its author reads its source as written; the other members read its
 * censored words as ■■■ (docs/decisions/064), as in its html. `flagged`: the messages the reader has
 * an open flag on (findViewerFlagged); a message sent to every participant alike (/ws, a 201) has none.
 */
export function presentMessage(row: MessageRow, readerId: number, flagged: ReadonlySet<number> = new Set()): Message {
  return {
    id: row.id,
    author:
      authorGone(row.authorId) || row.authorUsername === null
        ? null
        : presentParticipant({ id: row.authorId, username: row.authorUsername, avatar: row.authorAvatar, isAdmin: row.authorIsAdmin ?? false, isModerator: row.authorIsModerator ?? false }),
    content: row.deleted ? "" : readsUncensoredMessage(readerId, row) ? row.content : (row.contentCensored ?? row.content),
    html: row.deleted ? "" : row.html,
    createdAt: isoTime(row.createdAt),
    deleted: row.deleted,
    viewerFlagged: flagged.has(row.id),
  };
}

export const presentMessagesPage = ({ rows, hasMore }: { rows: MessageRow[]; hasMore: boolean }, readerId: number, flagged: ReadonlySet<number> = new Set()): MessagesPage => ({
  messages: rows.map((row) => presentMessage(row, readerId, flagged)),
  hasMore,
});

export const presentBlocks = (rows: MemberRow[]): BlocksList => ({ blocks: rows.map(({ id, username, avatar }) => ({ id, username, avatar })) });
