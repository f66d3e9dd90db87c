import { sql } from "drizzle-orm";
import type { TopicNotificationLevel } from "@shared/constants";
import type { Db } from "../db/client";
import { channels } from "../events/channels";

/**
 * PUT /api/topics/{id}/notification-level: `tracking` (the default) removes the member's row,
 * `watching` and `muted` set it. A member no longer told of the topic's replies (muted, or tracking a
 * topic they never posted in) loses their unread reply in it: it would stand for posts they are not
 * told of, and reading or deleting later posts would count it wrongly. Their bell hears of it.
 */
export async function setTopicNotificationLevel(db: Db, input: { userId: number; topicId: number; level: TopicNotificationLevel }): Promise<void> {
  const { userId, topicId, level } = input;
  await db.transaction(async (tx) => {
    if (level === "tracking") {
      await tx.execute(sql`DELETE FROM topic_notification_levels WHERE topic_id = ${topicId} AND user_id = ${userId}`);
    } else {
      await tx.execute(sql`
        INSERT INTO topic_notification_levels (topic_id, user_id, level) VALUES (${topicId}, ${userId}, ${level})
        ON CONFLICT (topic_id, user_id) DO UPDATE SET level = excluded.level`);
    }
    if (level === "watching") return;
    await tx.execute(sql`
      WITH dropped AS (
        DELETE FROM notifications WHERE user_id = ${userId} AND topic_id = ${topicId} AND type = 'reply' AND read_at IS NULL
          AND (${level} = 'muted' OR NOT EXISTS (SELECT 1 FROM topic_participants WHERE topic_id = ${topicId} AND user_id = ${userId}))
        RETURNING id
      )
      SELECT pg_notify(${channels.notifications.name}, json_build_object('userId', ${userId}::int)::text) WHERE EXISTS (SELECT 1 FROM dropped)`);
  });
}
