import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../db/client";

/** Every stored counter equals what the rows say: members' and topics' postsCount, topics' lastPostAt. */
export async function expectCountersExact(db: Db) {
  const wrongUsers = await db.execute(sql`
    SELECT u.id FROM users u WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`);
  const wrongTopics = await db.execute(sql`
    SELECT t.id FROM topics t
     WHERE t.posts_count <> (SELECT count(*) FROM posts p WHERE p.topic_id = t.id)
        OR t.last_post_at IS DISTINCT FROM (SELECT max(p.created_at) FROM posts p WHERE p.topic_id = t.id)`);
  expect(wrongUsers.rows).toEqual([]);
  expect(wrongTopics.rows).toEqual([]);
}

/**
 * Every unread reply stands for exactly the posts it should, where no post mentions anyone: it opens
 * at a remaining post, counts the posts from there on by others than its recipient, and names the
 * latest of their authors.
 */
export async function expectUnreadRepliesExact(db: Db) {
  const wrong = await db.execute(sql`
    SELECT n.id, n.count, n.post_id, n.actor_id FROM notifications n
     WHERE n.type = 'reply' AND n.read_at IS NULL AND (
       NOT EXISTS (SELECT 1 FROM posts p WHERE p.id = n.post_id AND p.topic_id = n.topic_id)
       OR n.count <> (SELECT count(*) FROM posts p WHERE p.topic_id = n.topic_id AND p.id >= n.post_id AND p.author_id IS DISTINCT FROM n.user_id)
       OR n.actor_id IS DISTINCT FROM (
         SELECT p.author_id FROM posts p WHERE p.topic_id = n.topic_id AND p.id >= n.post_id AND p.author_id IS DISTINCT FROM n.user_id ORDER BY p.id DESC LIMIT 1))`);
  expect(wrong.rows).toEqual([]);
}
