import { sql, type SQL } from "drizzle-orm";
import { mentionedUsernames } from "@shared/mentions";
import type { BadgeType } from "@shared/constants";
import type { Db } from "../db/client";

/**
 * Writing notifications (docs/notifications.md). Each function is one set-based statement run in
 * the caller's transaction, so a notification exists exactly when what it is about was committed,
 * and a topic with 5,000 participants costs one INSERT ... SELECT. Every written row is announced
 * with pg_notify in the same statement; PostgreSQL delivers it at commit to every server process,
 * and the one holding the recipient's /ws connections sends it on (ws/notification-relay.ts).
 */

/** The NOTIFY channel; payload `{"userId":n,"id":n}`. */
export const NOTIFICATIONS_CHANNEL = "notifications";

type Executor = Pick<Db, "execute">;

/** Runs an INSERT/UPDATE ... RETURNING id, user_id and announces each row; returns the recipients. */
async function writeAndAnnounce(db: Executor, write: SQL): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    WITH written AS (${write})
    SELECT user_id, pg_notify(${NOTIFICATIONS_CHANNEL}, json_build_object('userId', user_id, 'id', id)::text) FROM written`);
  return result.rows.map((row) => row.user_id);
}

/** Existing members named in a text, except `exceptUserId` (never notified of their own doing). */
const mentionedMembers = (text: string, exceptUserId: number) => {
  const names = mentionedUsernames(text);
  return sql`SELECT id FROM users WHERE lower(username) = ANY(${sql.param(names)}::text[]) AND id <> ${exceptUserId}`;
};

export interface NewPost {
  id: number;
  topicId: number;
  authorId: number;
  content: string;
}

/**
 * A new post: `mention` for the members it names, then `reply` for everyone else who started or
 * posted in the topic — one unread reply per member and topic, whose count grows with each new
 * post (and which moves to the top: a new id). The author becomes a participant.
 */
export async function notifyNewPost(db: Executor, post: NewPost): Promise<void> {
  const mentioned = await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT id, 'mention', ${post.authorId}, ${post.topicId}, ${post.id} FROM (${mentionedMembers(post.content, post.authorId)}) named
      RETURNING id, user_id`,
  );
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT user_id, 'reply', ${post.authorId}, ${post.topicId}, ${post.id} FROM topic_participants
      WHERE topic_id = ${post.topicId} AND user_id <> ${post.authorId} AND user_id <> ALL(${sql.param(mentioned)}::int[])
      ON CONFLICT (user_id, topic_id) WHERE type = 'reply' AND read_at IS NULL
      DO UPDATE SET count = notifications.count + 1, actor_id = excluded.actor_id, created_at = now(),
        id = nextval(pg_get_serial_sequence('notifications', 'id'))
      RETURNING id, user_id`,
  );
  await db.execute(sql`INSERT INTO topic_participants (topic_id, user_id) VALUES (${post.topicId}, ${post.authorId}) ON CONFLICT DO NOTHING`);
}

/** A new topic: its author is a participant (told of replies). */
export async function addTopicStarter(db: Executor, topicId: number, userId: number): Promise<void> {
  await db.execute(sql`INSERT INTO topic_participants (topic_id, user_id) VALUES (${topicId}, ${userId}) ON CONFLICT DO NOTHING`);
}

/**
 * Before a post is deleted: its unread mentions go, and so does its part in unread replies (the
 * count drops; a reply that stood for it alone goes; one that opened at it opens at the next post).
 */
export async function withdrawPostNotifications(db: Executor, post: NewPost): Promise<void> {
  await db.execute(sql`
    DELETE FROM notifications
    WHERE post_id = ${post.id} AND read_at IS NULL AND (type = 'mention' OR count <= 1)`);
  await db.execute(sql`
    UPDATE notifications n SET
      count = n.count - 1,
      post_id = CASE WHEN n.post_id = ${post.id} THEN (
        SELECT p.id FROM posts p WHERE p.topic_id = ${post.topicId} AND p.id > ${post.id} AND p.author_id <> n.user_id ORDER BY p.id LIMIT 1
      ) ELSE n.post_id END
    WHERE n.type = 'reply' AND n.read_at IS NULL AND n.topic_id = ${post.topicId} AND n.post_id <= ${post.id}
      AND n.user_id <> ${post.authorId} AND n.user_id NOT IN (${mentionedMembers(post.content, post.authorId)})`);
}

export interface NewComment {
  id: number;
  profileUserId: number;
  authorId: number;
  content: string;
}

/** A profile comment: `profile_comment` for the profile's owner, `mention` for the others it names. */
export async function notifyNewComment(db: Executor, comment: NewComment): Promise<void> {
  if (comment.profileUserId !== comment.authorId) {
    await writeAndAnnounce(
      db,
      sql`INSERT INTO notifications (user_id, type, actor_id, comment_id, profile_user_id)
        VALUES (${comment.profileUserId}, 'profile_comment', ${comment.authorId}, ${comment.id}, ${comment.profileUserId})
        RETURNING id, user_id`,
    );
  }
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, comment_id, profile_user_id)
      SELECT id, 'mention', ${comment.authorId}, ${comment.id}, ${comment.profileUserId} FROM (${mentionedMembers(comment.content, comment.authorId)}) named
      WHERE id <> ${comment.profileUserId}
      RETURNING id, user_id`,
  );
}

/** Before a profile comment is deleted: its unread notifications go. */
export async function withdrawCommentNotifications(db: Executor, commentId: number): Promise<void> {
  await db.execute(sql`DELETE FROM notifications WHERE comment_id = ${commentId} AND read_at IS NULL`);
}

/** A badge granted to `userId` by `grantedBy` (nobody is told of a badge they gave themselves). */
export async function notifyBadge(db: Executor, input: { userId: number; grantedBy: number | null; badgeType: BadgeType }): Promise<void> {
  if (input.grantedBy === input.userId) return;
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, badge_type, profile_user_id)
      VALUES (${input.userId}, 'badge', ${input.grantedBy}, ${input.badgeType}, ${input.userId})
      RETURNING id, user_id`,
  );
}

/** `newMemberId` registered with an invite of `inviterId`. */
export async function notifyInviteUsed(db: Executor, input: { inviterId: number; newMemberId: number }): Promise<void> {
  if (input.inviterId === input.newMemberId) return;
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, profile_user_id)
      VALUES (${input.inviterId}, 'invite_used', ${input.newMemberId}, ${input.newMemberId})
      RETURNING id, user_id`,
  );
}
