import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

type Executor = Pick<Db, "execute">;

export interface StoredPushSubscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A member's push subscriptions (push_subscriptions_user_id_idx). */
export async function listPushSubscriptions(db: Executor, userId: number): Promise<StoredPushSubscription[]> {
  const result = await db.execute<StoredPushSubscription & Record<string, unknown>>(sql`
    SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`);
  return result.rows;
}

export interface PushedMessageRow {
  conversationId: number;
  conversationTitle: string | null;
  authorUsername: string;
  plainText: string;
}

/** A message to push to `userId`, while they are still in its conversation and it is not deleted. */
export async function findPushedMessage(db: Executor, userId: number, messageId: number): Promise<PushedMessageRow | undefined> {
  const result = await db.execute<PushedMessageRow & Record<string, unknown>>(sql`
    SELECT m.conversation_id AS "conversationId", c.title AS "conversationTitle", a.username AS "authorUsername", m.plain_text AS "plainText"
    FROM messages m
    JOIN conversations c ON c.id = m.conversation_id
    JOIN users a ON a.id = m.author_id
    WHERE m.id = ${messageId} AND NOT m.deleted
      AND EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = m.conversation_id AND p.user_id = ${userId})`);
  return result.rows[0];
}

/** Whether the member has a /ws connection open on some process (then the socket told them: no push). */
export async function hasOpenSocket(db: Executor, userId: number): Promise<boolean> {
  const result = await db.execute<{ online: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM presence_connections WHERE user_id = ${userId} AND sockets > 0) AS online`);
  return result.rows[0]!.online;
}
