import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { channels, type ChannelPayload } from "../events/channels";

type TopicEvent = ChannelPayload<typeof channels.topicEvents>["event"];

/**
 * Announces a change in a topic to the sockets that follow it, or the topic list (ws/topic-relay.ts),
 * at commit. Call after the change, in its transaction: the payload reads the topic's post count
 * then, as the number of its last post. A topic already deleted announces 0.
 */
export async function announceTopicEvent(tx: Pick<Db, "execute">, topicId: number, event: TopicEvent, postId?: number): Promise<void> {
  await tx.execute(sql`
    SELECT pg_notify(${channels.topicEvents.name}, json_strip_nulls(json_build_object(
      'topicId', ${topicId}::int, 'event', ${event}::text, 'postId', ${postId ?? null}::int,
      'lastPostNumber', coalesce((SELECT posts_count FROM topics WHERE id = ${topicId}), 0)))::text)`);
}
