import { sql } from "drizzle-orm";
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from "@shared/constants";
import type { PushSubscriptionData } from "@shared/schemas/push";
import type { Db } from "../db/client";

/**
 * Saves a browser's subscription for `userId`. An endpoint is one browser's: subscribing it again
 * (new keys, or another member signed in on that browser) replaces it. Past
 * PUSH_SUBSCRIPTIONS_PER_MEMBER the member's oldest go, so a member cannot make the server push to
 * an unbounded number of URLs. The member's rows are locked first, so two subscriptions at once
 * cannot both see room.
 */
export async function savePushSubscription(db: Db, userId: number, subscription: PushSubscriptionData): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    await tx.execute(sql`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES (${userId}, ${subscription.endpoint}, ${subscription.keys.p256dh}, ${subscription.keys.auth})
      ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()`);
    await tx.execute(sql`
      DELETE FROM push_subscriptions WHERE id IN (
        SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id DESC OFFSET ${PUSH_SUBSCRIPTIONS_PER_MEMBER})`);
  });
}

/** Removes the member's subscription of this endpoint (none: nothing to do). */
export async function deletePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint}`);
}

/** A subscription the push service no longer knows (404, 410), or whose endpoint may no longer be sent to. */
export async function dropPushSubscription(db: Pick<Db, "execute">, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${id}`);
}

/** Attempts before a push is given up (about 30 s, 1, 2, 4 and 8 minutes apart). */
export const PUSH_MAX_ATTEMPTS = 5;

export interface ClaimedPush {
  id: number;
  userId: number;
  notificationId: number | null;
  messageId: number | null;
  attempts: number;
  /** The member has a /ws connection open on some process: the socket told them, no push. */
  online: boolean;
}

/**
 * Claims up to `limit` due pushes for this process: SKIP LOCKED lets every process claim at once
 * without taking the same row, and pushing `available_at` forward is the lease (and the next retry's
 * time, doubling with each attempt): a row whose sender died is claimed again once it passes.
 */
export async function claimPushes(db: Pick<Db, "execute">, limit: number): Promise<ClaimedPush[]> {
  const result = await db.execute<ClaimedPush & Record<string, unknown>>(sql`
    WITH claimed AS (
      UPDATE push_queue q SET attempts = q.attempts + 1, available_at = now() + make_interval(secs => 30 * power(2, q.attempts))
      WHERE q.id IN (SELECT id FROM push_queue WHERE available_at <= now() ORDER BY available_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING q.id, q.user_id, q.notification_id, q.message_id, q.attempts
    )
    SELECT c.id::int AS id, c.user_id AS "userId", c.notification_id AS "notificationId", c.message_id AS "messageId", c.attempts,
      EXISTS (SELECT 1 FROM presence_connections pc WHERE pc.user_id = c.user_id AND pc.sockets > 0) AS online
    FROM claimed c`);
  return result.rows;
}

/** A push sent, given up or not needed: it leaves the queue. */
export async function finishPush(db: Pick<Db, "execute">, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM push_queue WHERE id = ${id}`);
}
