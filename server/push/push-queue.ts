import { sql, type SQL } from "drizzle-orm";

/** The NOTIFY channel that wakes the push senders (payload empty): something was queued. */
export const PUSH_CHANNEL = "push";

/**
 * An INSERT of push_queue rows for `source`'s rows (`user_id`, `id`: a notification's or message's
 * id) whose member has a push subscription, for a data-modifying CTE: set-based, so a post to
 * thousands of watchers queues in the statement that writes their notifications, and only for
 * those with a device to push to.
 */
export const queuePushes = (source: SQL, column: "notification_id" | "message_id") => sql`
  INSERT INTO push_queue (user_id, ${sql.raw(column)})
  SELECT src.user_id, src.id FROM (${source}) src
  WHERE EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = src.user_id)
  RETURNING 1`;

/** Wakes every process's sender at commit; several in one transaction are delivered once. */
export const wakePushSender = sql`pg_notify(${PUSH_CHANNEL}, '')`;
