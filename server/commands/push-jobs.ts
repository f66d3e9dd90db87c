import { sql, type SQL } from "drizzle-orm";
import { PUSH_MAX_ATTEMPTS } from "./push-subscriptions";
import { addJobsSql } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";

/**
 * A SELECT adding one push job per row of `source` (`user_id`, `id`: a notification's or message's
 * id) whose member has a push subscription, for a CTE of the statement that writes them: set-based,
 * so a post to thousands of watchers queues in the statement that writes their notifications, and
 * only for those with a device to push to. The statement must read the CTE's `added` for the jobs
 * to be added.
 */
export const queuePushes = (source: SQL, key: "notificationId" | "messageId") =>
  addJobsSql(
    TASKS.push,
    sql`SELECT json_build_object('userId', s.user_id, ${key}::text, s.id) AS payload FROM (${source}) s
      WHERE EXISTS (SELECT 1 FROM push_subscriptions p WHERE p.user_id = s.user_id)`,
    { maxAttempts: PUSH_MAX_ATTEMPTS },
  );
