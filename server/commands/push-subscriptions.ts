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

/** Attempts before a push is given up (the job queue's backoff: about 3, 7, 20 and 55 s apart): later it is stale news. */
export const PUSH_MAX_ATTEMPTS = 5;
