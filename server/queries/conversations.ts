import { sql, type SQL } from "drizzle-orm";
import { CONVERSATIONS_PAGE_SIZE, MESSAGE_EXCERPT_MAX_LENGTH, MESSAGE_UNREAD_COUNT_CAP, MESSAGES_PAGE_SIZE } from "@shared/constants";
import type { Db } from "../db/client";

type Executor = Pick<Db, "execute">;

/** A member as a list of blocked members shows them. */
export interface MemberRow {
  id: number;
  username: string;
  avatar: string | null;
}

/** A member as a conversation shows them: with the flags their role is read from (shared/roles.ts). */
export interface ParticipantRow extends MemberRow {
  isAdmin: boolean;
  isModerator: boolean;
}

export interface ConversationRow {
  id: number;
  title: string | null;
  createdAt: Date;
  participants: ParticipantRow[];
  lastMessage: { id: number; authorUsername: string | null; excerpt: string; deleted: boolean; createdAt: Date } | null;
  unreadCount: number;
  /** The caller's list key: the conversation's newest message id when they last heard of it. */
  lastMessageId: number;
}

export interface MessageRow {
  id: number;
  conversationId: number;
  /** Null (with the other author columns) once the message outlived its deleted author. */
  authorId: number | null;
  authorUsername: string | null;
  authorAvatar: string | null;
  authorIsAdmin: boolean | null;
  authorIsModerator: boolean | null;
  content: string;
  /** The source as the other members read it (censored words as ■■■), null when it has none. */
  contentCensored: string | null;
  html: string;
  deleted: boolean;
  createdAt: Date;
}

/**
 * A conversation's messages a reader sees, with their author `a`: not those of a member being deleted
 * (gone at once, although the deletion job removes them or credits them to "Deleted member" in
 * batches); one that outlived its author has none (docs/decisions/058).
 */
const liveAuthor = (alias: string) =>
  sql.raw(`LEFT JOIN users a ON a.id = ${alias}.author_id CROSS JOIN LATERAL (SELECT WHERE a.deleted_at IS NULL OFFSET 0) shown`);

/**
 * The caller's conversations picked by `where` (on their participant row `cp`), in the list's order,
 * each with its members, newest message and the caller's unread count: per conversation, a few index
 * lookups (docs/decisions/032-private-messages.md), never a scan of the member's conversations.
 */
async function conversationRows(db: Executor, userId: number, where: SQL, limit: number): Promise<ConversationRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT c.id, c.title, c.created_at AS "createdAt", cp.last_message_id AS "lastMessageId",
      (SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'avatar', u.avatar, 'isAdmin', u.is_admin, 'isModerator', u.is_moderator) ORDER BY p.joined_at, u.id), '[]')
         FROM conversation_participants p JOIN users u ON u.id = p.user_id AND u.deleted_at IS NULL
         WHERE p.conversation_id = c.id) AS participants,
      (SELECT json_build_object('id', m.id, 'authorUsername', a.username, 'excerpt', left(m.plain_text, ${MESSAGE_EXCERPT_MAX_LENGTH}),
           'deleted', m.deleted, 'createdAt', m.created_at)
         FROM messages m ${liveAuthor("m")}
         WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1) AS "lastMessage",
      (SELECT count(*)::int FROM (
         SELECT 1 FROM messages m ${liveAuthor("m")}
         WHERE m.conversation_id = c.id AND m.id > cp.last_read_message_id AND m.author_id IS DISTINCT FROM ${userId} AND NOT m.deleted
         LIMIT ${MESSAGE_UNREAD_COUNT_CAP}) unread) AS "unreadCount"
    FROM conversation_participants cp
    JOIN conversations c ON c.id = cp.conversation_id
    WHERE cp.user_id = ${userId} AND ${where}
    ORDER BY cp.last_message_id DESC
    LIMIT ${limit}`);
  return result.rows.map((row) => {
    const last = row.lastMessage as (Omit<NonNullable<ConversationRow["lastMessage"]>, "createdAt"> & { createdAt: string }) | null;
    return {
      id: row.id as number,
      title: row.title as string | null,
      createdAt: new Date(row.createdAt as string),
      participants: row.participants as ParticipantRow[],
      lastMessage: last && { ...last, createdAt: new Date(last.createdAt) },
      unreadCount: row.unreadCount as number,
      lastMessageId: row.lastMessageId as number,
    };
  });
}

/** A page of the caller's conversations, most recent activity first; one row more than a page tells whether another follows. */
export function listConversations(db: Executor, userId: number, cursor?: number): Promise<ConversationRow[]> {
  const where = cursor === undefined ? sql`true` : sql`cp.last_message_id < ${cursor}`;
  return conversationRows(db, userId, where, CONVERSATIONS_PAGE_SIZE + 1);
}

/** One conversation of the caller's; undefined when they are not in it (whoever they are). */
export async function findConversation(db: Executor, userId: number, conversationId: number): Promise<ConversationRow | undefined> {
  const [row] = await conversationRows(db, userId, sql`cp.conversation_id = ${conversationId}`, 1);
  return row;
}

/**
 * The caller's conversations with unread messages (the navigation's count): only the rows of the
 * partial index conversation_participants_unread_idx, each confirmed by one message lookup (a
 * subquery per row, not EXISTS: the planner cannot estimate the partial index's few rows and would
 * otherwise hash-join all of the messages table against them).
 */
export async function countUnreadConversations(db: Executor, userId: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM conversation_participants cp
    WHERE cp.user_id = ${userId} AND cp.last_message_id > cp.last_read_message_id
      AND (
        SELECT true FROM messages m ${liveAuthor("m")}
        WHERE m.conversation_id = cp.conversation_id AND m.id > cp.last_read_message_id AND m.author_id IS DISTINCT FROM ${userId} AND NOT m.deleted
        LIMIT 1)`);
  return result.rows[0]!.count;
}

/** Whether the member is in the conversation. */
export async function isParticipant(db: Executor, conversationId: number, userId: number): Promise<boolean> {
  const result = await db.execute(sql`SELECT 1 FROM conversation_participants WHERE conversation_id = ${conversationId} AND user_id = ${userId}`);
  return result.rows.length > 0;
}

const messageColumns = sql`m.id, m.conversation_id AS "conversationId", m.author_id AS "authorId", a.username AS "authorUsername",
  a.avatar AS "authorAvatar", a.is_admin AS "authorIsAdmin", a.is_moderator AS "authorIsModerator", m.content, m.content_censored AS "contentCensored", m.html, m.deleted, m.created_at AS "createdAt"`;

const parseMessage = (row: Record<string, unknown>): MessageRow => ({ ...(row as unknown as MessageRow), createdAt: new Date(row.createdAt as string) });

/** The page of messages before `before` (or the newest), oldest first; `hasMore`: older ones exist. */
export async function listMessages(db: Executor, conversationId: number, before?: number): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${messageColumns} FROM messages m ${liveAuthor("m")}
    WHERE m.conversation_id = ${conversationId} ${before === undefined ? sql`` : sql`AND m.id < ${before}`}
    ORDER BY m.id DESC LIMIT ${MESSAGES_PAGE_SIZE + 1}`);
  const rows = result.rows.map(parseMessage);
  return { rows: rows.slice(0, MESSAGES_PAGE_SIZE).reverse(), hasMore: rows.length > MESSAGES_PAGE_SIZE };
}

/** One message of a conversation (as its readers see it). */
export async function findMessage(db: Executor, conversationId: number, messageId: number): Promise<MessageRow | undefined> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT ${messageColumns} FROM messages m ${liveAuthor("m")} WHERE m.id = ${messageId} AND m.conversation_id = ${conversationId}`);
  return result.rows.map(parseMessage)[0];
}

/** Live members by (case-insensitive) name, with whether each blocked `actorId`. */
export async function findMembersByName(db: Executor, names: string[], actorId: number) {
  const result = await db.execute<{ id: number; username: string; blockedActor: boolean }>(sql`
    SELECT u.id, u.username,
      EXISTS (SELECT 1 FROM member_blockings b WHERE b.blocker_id = u.id AND b.blocked_id = ${actorId}) AS "blockedActor"
    FROM users u
    WHERE lower(u.username) = ANY(${sql.param(names.map((name) => name.toLowerCase()))}::text[]) AND u.deleted_at IS NULL`);
  return result.rows;
}
