import { sql, type SQL } from "drizzle-orm";
import { memberReadsTopic } from "../queries/category-access";
import { MAX_MENTIONS_PER_TEXT } from "@shared/mentions";
import type { BadgeType } from "@shared/constants";
import type { Db } from "../db/client";
import { channels } from "../events/channels";
import { markdownMentions } from "../markdown/mentioned";
import { queuePushes } from "./push-jobs";

/**
 * Writing notifications (docs/notifications.md). Each function is one set-based statement run in
 * the caller's transaction, so a notification exists exactly when what it is about was committed,
 * and a topic with 5,000 participants costs one INSERT ... SELECT. Every written row is announced
 * with pg_notify in the same statement; PostgreSQL delivers it at commit to every server process,
 * and the one holding the recipient's /ws connections sends it on (ws/notification-relay.ts).
 */

type Executor = Pick<Db, "execute">;

/**
 * Runs an INSERT/UPDATE ... RETURNING id, user_id and announces each row; returns the recipients.
 * Each row whose recipient has a push subscription gets a push job in the same statement
 * (server/push/push-sender.ts decides when it runs whether they have a socket open).
 */
async function writeAndAnnounce(db: Executor, write: SQL): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    WITH written AS (${write}), queued AS (${queuePushes(sql`SELECT user_id, id FROM written`, "notificationId")})
    SELECT user_id, pg_notify(${channels.notifications.name}, json_build_object('userId', user_id, 'id', id)::text),
      (SELECT added FROM queued)
    FROM written`);
  return result.rows.map((row) => row.user_id);
}

/**
 * Whether `recipient` blocked `actor` (docs/product.md "Private messages and blocking"): a blocked member causes them
 * no notification. One lookup of member_blockings' key.
 */
const blocked = (recipient: SQL, actor: SQL | number) =>
  sql`EXISTS (SELECT 1 FROM member_blockings b WHERE b.blocker_id = ${recipient} AND b.blocked_id = ${actor})`;

/** Existing members of these (lower-case) names, except `exceptUserId` (never notified of their own doing) and those who blocked them. */
const membersNamed = (names: string[], exceptUserId: number) =>
  sql`SELECT id FROM users WHERE lower(username) = ANY(${sql.param(names)}::text[]) AND id <> ${exceptUserId} AND NOT ${blocked(sql.raw("users.id"), exceptUserId)}`;

/** Existing members a Markdown text mentions (not in code or links), except `exceptUserId`. */
const mentionedMembers = (text: string, exceptUserId: number) => membersNamed(markdownMentions(text), exceptUserId);

export interface NewPost {
  id: number;
  topicId: number;
  authorId: number;
  content: string;
}

/**
 * A new post: `mention` for the members it names, then `reply` for everyone else who started or
 * posted in the topic or watches it, unless they muted it — one unread reply per member and topic,
 * whose count grows with each new post (and which moves to the top: a new id). A watcher's reply is
 * the same row as a participant's, so reading and deleting posts keep its count the same way
 * (docs/decisions/039-watching-and-push.md). The author becomes a participant.
 */
export async function notifyNewPost(db: Executor, post: NewPost): Promise<void> {
  const mentioned = await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT id, 'mention', ${post.authorId}, ${post.topicId}, ${post.id} FROM (${mentionedMembers(post.content, post.authorId)}) named
      WHERE ${memberReadsTopic(sql.raw("named.id"), sql`${post.topicId}::int`)}
      RETURNING id, user_id`,
  );
  // Participants and watchers, less those who muted the topic: two ranges of primary keys, one statement however many.
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT told.user_id, 'reply', ${post.authorId}, ${post.topicId}, ${post.id}
      FROM (
        SELECT user_id FROM topic_participants WHERE topic_id = ${post.topicId}
        UNION
        SELECT user_id FROM topic_notification_levels WHERE topic_id = ${post.topicId} AND level = 'watching'
      ) told
      WHERE told.user_id <> ${post.authorId} AND told.user_id <> ALL(${sql.param(mentioned)}::int[])
        AND NOT EXISTS (
          SELECT 1 FROM topic_notification_levels muted WHERE muted.topic_id = ${post.topicId} AND muted.user_id = told.user_id AND muted.level = 'muted')
        AND NOT ${blocked(sql.raw("told.user_id"), post.authorId)}
        AND ${memberReadsTopic(sql.raw("told.user_id"), sql`${post.topicId}::int`)}
      ON CONFLICT (user_id, topic_id) WHERE type = 'reply' AND read_at IS NULL
      DO UPDATE SET count = notifications.count + 1, actor_id = excluded.actor_id, created_at = now(),
        id = nextval(pg_get_serial_sequence('notifications', 'id'))
      RETURNING id, user_id`,
  );
  await db.execute(sql`INSERT INTO topic_participants (topic_id, user_id) VALUES (${post.topicId}, ${post.authorId}) ON CONFLICT DO NOTHING`);
}

/**
 * An edited post: `mention` for the members its new text names and its old text did not, except:
 * - those who already have a mention of this post (named, unnamed and named again is told once);
 * - those whose unread reply in the topic already stands for it (they are told of it there, and a
 *   mention would make withdrawing it count the post out of their reply twice);
 * - past 20 mentions of the post in all, the limit of one text, so cycling names through edits
 *   cannot notify more members than one post may.
 */
export async function notifyEditedPost(db: Executor, post: NewPost, previousContent: string): Promise<void> {
  const before = new Set(markdownMentions(previousContent));
  const added = markdownMentions(post.content).filter((name) => !before.has(name));
  if (added.length === 0) return;
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT id, 'mention', ${post.authorId}, ${post.topicId}, ${post.id} FROM (${membersNamed(added, post.authorId)}) named
      WHERE NOT EXISTS (SELECT 1 FROM notifications told WHERE told.post_id = ${post.id} AND told.type = 'mention' AND told.user_id = named.id)
        AND ${memberReadsTopic(sql.raw("named.id"), sql`${post.topicId}::int`)}
        AND NOT EXISTS (
          SELECT 1 FROM notifications reply WHERE reply.user_id = named.id AND reply.topic_id = ${post.topicId}
            AND reply.type = 'reply' AND reply.read_at IS NULL AND reply.post_id <= ${post.id})
      LIMIT greatest(0, ${MAX_MENTIONS_PER_TEXT} - (SELECT count(*) FROM notifications m WHERE m.post_id = ${post.id} AND m.type = 'mention'))
      RETURNING id, user_id`,
  );
}

/**
 * A topic's opener written or edited (docs/product.md "The opener is a post"): `mention` for the
 * members its text names and `previous` did not, as a post's, with the topic and no post (post_id
 * null); never twice for one opener, at most MAX_MENTIONS_PER_TEXT in all.
 */
export async function notifyOpenerMentions(db: Executor, topic: { id: number; createdBy: number; description: string | null }, previous: string | null): Promise<void> {
  const before = new Set(markdownMentions(previous ?? ""));
  const added = markdownMentions(topic.description ?? "").filter((name) => !before.has(name));
  if (added.length === 0) return;
  const told = sql`told.topic_id = ${topic.id} AND told.post_id IS NULL AND told.type = 'mention'`;
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id)
      SELECT id, 'mention', ${topic.createdBy}, ${topic.id}, NULL FROM (${membersNamed(added, topic.createdBy)}) named
      WHERE NOT EXISTS (SELECT 1 FROM notifications told WHERE ${told} AND told.user_id = named.id)
        AND ${memberReadsTopic(sql.raw("named.id"), sql`${topic.id}::int`)}
      LIMIT greatest(0, ${MAX_MENTIONS_PER_TEXT} - (SELECT count(*) FROM notifications told WHERE ${told}))
      RETURNING id, user_id`,
  );
}

/**
 * The member's read position in a topic reached `readUpTo`: their unread mentions and reactions about
 * posts up to it are read, and so is their unread reply once no post it counts lies beyond it (its
 * posts: from the one it opens at, by others, not naming them). A moderation notice stays unread:
 * reading the topic is not reading it. When any were, their open connections hear the new unread count.
 */
export async function markReadByReading(db: Executor, input: { userId: number; topicId: number; readUpTo: number }): Promise<void> {
  const { userId, topicId, readUpTo } = input;
  const p = sql.raw("p");
  await db.execute(sql`
    WITH marked AS (
      UPDATE notifications n SET read_at = now()
      WHERE n.user_id = ${userId} AND n.topic_id = ${topicId} AND n.read_at IS NULL AND n.type IN ('mention', 'reaction', 'reply')
        AND CASE WHEN n.type = 'reply'
          THEN NOT EXISTS (
            SELECT 1 FROM posts p WHERE p.topic_id = n.topic_id AND p.id > ${readUpTo} AND p.id >= n.post_id
              AND p.author_id IS DISTINCT FROM n.user_id AND NOT ${mentionedIn(p, sql.raw("n.user_id"))} AND NOT ${blocked(sql.raw("n.user_id"), sql.raw("p.author_id"))})
          -- An opener's mention or reaction (no post) is read with the topic.
          ELSE coalesce(n.post_id, 0) <= ${readUpTo} END
      RETURNING n.id
    )
    SELECT pg_notify(${channels.notifications.name}, json_build_object('userId', ${userId}::int)::text) WHERE EXISTS (SELECT 1 FROM marked)`);
}

/** A reaction just given: `actorId` gave it to post `postId` of `authorId` in `topicId` (null `postId`: to the topic's opener). */
export interface GivenReaction {
  postId: number | null;
  topicId: number;
  authorId: number;
  actorId: number;
}

/**
 * A reaction given: the post's author has one unread `reaction` notification per post, whose count
 * grows with each reaction, whose actor is the latest to react, and which moves to the top (a new
 * id). `counted_since` keeps when the earliest reaction it counts was given: the transaction's time,
 * which is also the reaction's own created_at, so a reaction is in it exactly when given at or after
 * that (withdrawReactions). Never for one's own post: the policy refuses that before; never from a
 * member the author blocked.
 */
export async function notifyReaction(db: Executor, given: GivenReaction): Promise<void> {
  if (given.postId === null) return notifyOpenerReaction(db, given);
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id, counted_since)
      SELECT ${given.authorId}, 'reaction', ${given.actorId}, ${given.topicId}, ${given.postId}, now()
      WHERE NOT ${blocked(sql`${given.authorId}::int`, given.actorId)} AND ${memberReadsTopic(sql`${given.authorId}::int`, sql`${given.topicId}::int`)}
      ON CONFLICT (user_id, post_id) WHERE type = 'reaction' AND read_at IS NULL
      DO UPDATE SET count = notifications.count + 1, actor_id = excluded.actor_id, created_at = now(),
        counted_since = least(notifications.counted_since, excluded.counted_since),
        id = nextval(pg_get_serial_sequence('notifications', 'id'))
      RETURNING id, user_id`,
  );
}

/**
 * A reaction to a topic's opener: the same notification as a post's, with no post (post_id null).
 * Its one unread row per author and topic is kept by taking the topic's turn (an advisory lock)
 * rather than by a unique index: a post's reaction row whose post goes is set null too, and must
 * never collide with it.
 */
async function notifyOpenerReaction(db: Executor, given: GivenReaction): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('opener_reaction'), ${given.topicId})`);
  const opener = sql`user_id = ${given.authorId} AND topic_id = ${given.topicId} AND post_id IS NULL AND type = 'reaction' AND read_at IS NULL`;
  const notBlocked = sql`NOT ${blocked(sql`${given.authorId}::int`, given.actorId)} AND ${memberReadsTopic(sql`${given.authorId}::int`, sql`${given.topicId}::int`)}`;
  const counted = await writeAndAnnounce(
    db,
    sql`UPDATE notifications SET count = count + 1, actor_id = ${given.actorId}, created_at = now(),
        id = nextval(pg_get_serial_sequence('notifications', 'id'))
      WHERE ${opener} AND ${notBlocked}
      RETURNING id, user_id`,
  );
  if (counted.length > 0) return;
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id, counted_since)
      SELECT ${given.authorId}, 'reaction', ${given.actorId}, ${given.topicId}, NULL, now()
      WHERE ${notBlocked} AND NOT EXISTS (SELECT 1 FROM notifications WHERE ${opener})
      RETURNING id, user_id`,
  );
}

/**
 * Reactions just taken back or removed: which post, whose, and when each was given, as PostgreSQL's
 * text of it (a Date would drop the microseconds that compare it with counted_since).
 */
export interface RemovedReaction {
  postId: number;
  userId: number;
  createdAt: string;
}

/**
 * After reactions are removed (taken back, or a deleted member's batch): each unread `reaction`
 * notification that counted one of them (given at or after its counted_since) counts it no more; one
 * left counting none goes, and one whose actor took theirs back names the latest remaining reactor
 * it counts. One statement for any number of them; the recipients' bells are told (their count or
 * list changed).
 */
export async function withdrawReactions(db: Executor, removed: RemovedReaction[], kind: "post" | "topic" = "post"): Promise<void> {
  if (removed.length === 0) return;
  // An opener's reactions (`postId` then names the topic): its notification has the topic and no post.
  const opener = kind === "topic";
  const column = sql.raw(opener ? "topic_id" : "post_id");
  const ofTarget = opener ? sql.raw("AND post_id IS NULL") : sql``;
  const postIds = sql.param(removed.map((row) => row.postId));
  const userIds = sql.param(removed.map((row) => row.userId));
  const times = sql.param(removed.map((row) => row.createdAt));
  // Lock them first (in id order), and correct them in a statement of its own: its snapshot then
  // sees the reactions that concurrent withdrawals removed and committed, so it cannot name as the
  // new actor a member who has just taken theirs back.
  await db.execute(sql`
    SELECT id FROM notifications WHERE ${column} = ANY(${postIds}::int[]) ${ofTarget} AND type = 'reaction' AND read_at IS NULL ORDER BY id FOR UPDATE`);
  await db.execute(sql`
    WITH removed AS (
      SELECT * FROM unnest(${postIds}::int[], ${userIds}::int[], ${times}::timestamptz[]) AS r(post_id, user_id, created_at)
    ), withdrawn AS (
      SELECT n.id, n.user_id, count(*) AS removed, bool_or(r.user_id = n.actor_id) AS actor_removed
      FROM removed r
      JOIN notifications n ON n.${column} = r.post_id ${opener ? sql.raw("AND n.post_id IS NULL") : sql``} AND n.type = 'reaction' AND n.read_at IS NULL AND r.created_at >= n.counted_since
      GROUP BY n.id, n.user_id
    ), emptied AS (
      DELETE FROM notifications n USING withdrawn w WHERE n.id = w.id AND n.count <= w.removed
    ), corrected AS (
      UPDATE notifications n SET
        count = n.count - w.removed,
        actor_id = CASE WHEN w.actor_removed
          THEN (SELECT pr.user_id FROM ${sql.raw(opener ? "topic_reactions" : "post_reactions")} pr WHERE pr.${column} = n.${column} AND pr.created_at >= n.counted_since
            ORDER BY pr.created_at DESC LIMIT 1)
          ELSE n.actor_id END
      FROM withdrawn w
      WHERE n.id = w.id AND n.count > w.removed
    )
    SELECT pg_notify(${channels.notifications.name}, json_build_object('userId', user_id)::text) FROM (SELECT DISTINCT user_id FROM withdrawn) told`);
}

/** A new topic: its author is a participant (told of replies). */
export async function addTopicStarter(db: Executor, topicId: number, userId: number): Promise<void> {
  await db.execute(sql`INSERT INTO topic_participants (topic_id, user_id) VALUES (${topicId}, ${userId}) ON CONFLICT DO NOTHING`);
}

/** Posts about to be deleted: one post, or a batch of a member's who is being deleted. */
export type DoomedPosts = { postId: number } | { postIds: number[] };

/** The condition on a posts row (`alias`) that picks the doomed posts. */
const isDoomedPost = (which: DoomedPosts, alias: SQL) =>
  "postId" in which ? sql`${alias}.id = ${which.postId}` : sql`${alias}.id = ANY(${sql.param(which.postIds)}::int[])`;

/** Whether `member` was told of post `alias` by a mention (so it is not one of their reply's posts). */
const mentionedIn = (alias: SQL, member: SQL) =>
  sql`EXISTS (SELECT 1 FROM notifications m WHERE m.post_id = ${alias}.id AND m.user_id = ${member} AND m.type = 'mention')`;

/** The condition on a notification's post column (`column`) that it names a doomed post (notifications_post_id_idx). */
const namesDoomedPost = (which: DoomedPosts, column: SQL) =>
  "postId" in which ? sql`${column} = ${which.postId}` : sql`${column} = ANY(${sql.param(which.postIds)}::int[])`;

/** The mentions of the doomed posts, read or not. */
const doomedMentionRows = (which: DoomedPosts) =>
  sql`SELECT m.id, m.user_id, m.topic_id, m.post_id, m.read_at FROM notifications m WHERE ${namesDoomedPost(which, sql.raw("m.post_id"))} AND m.type = 'mention'`;

/**
 * Before posts are deleted (one, or a batch of a member's): their mentions and reactions go, read or
 * not, and so does their part in unread replies — the count drops by the doomed posts the reply
 * stands for (those from the one it opens at on, by others than its recipient, not naming the
 * recipient, not by a member the recipient blocked), a reply left
 * standing for none goes, one that opened at a doomed post opens at the next remaining one, and one
 * whose latest poster wrote a doomed post takes the latest remaining poster as its actor. A read
 * reply that opens at a doomed post is no longer listed as it was: it opens at the next remaining
 * post, less the doomed posts it skips (naming that post's author when it is left standing for one),
 * or goes when nothing of it remains. (Read replies do not say where they end, so a doomed post
 * further into one leaves it as it is.) Moderation notices stay: they tell of a decision.
 *
 * One set-based statement whatever the number of posts: the doomed posts are gathered per topic
 * and author as sorted id arrays, and each unread reply of those topics (partial index
 * notifications_unread_reply_topic_idx) counts the ones from its post on by binary search
 * (width_bucket), rather than pairing every doomed post with every reply. Which doomed posts a
 * recipient was told of by a mention (not in the reply) is read from those mentions; every part of
 * the statement sees them as they were before it, so they are deleted in the same statement.
 */
export async function withdrawPostNotifications(db: Executor, which: DoomedPosts): Promise<void> {
  const doomed = (alias: SQL) => isDoomedPost(which, alias);
  const p = sql.raw("p");
  /** The remaining posts a reply `n` stands for (its recipient's own and those naming them aside). */
  const remainingFor = sql`p.topic_id = n.topic_id AND p.author_id IS DISTINCT FROM n.user_id AND NOT (${doomed(p)}) AND NOT ${mentionedIn(p, sql.raw("n.user_id"))}
    AND NOT ${blocked(sql.raw("n.user_id"), sql.raw("p.author_id"))}`;
  await db.execute(sql`
    WITH doomed AS (
      SELECT p.topic_id, p.author_id, array_agg(p.id ORDER BY p.id) AS ids FROM posts p WHERE ${doomed(p)} GROUP BY p.topic_id, p.author_id
    ), doomed_mention_rows AS (
      ${doomedMentionRows(which)}
    ), withdrawn AS (
      -- What each unread reply loses: the doomed posts from its first post on (binary search in each
      -- topic and author's sorted ids), less those its member was told of by a mention instead (each
      -- such mention against the one unread reply of its member and topic). Summed, never joined.
      SELECT id, sum(doomed) AS removed, bool_or(opens_at_doomed) AS opens_at_doomed, bool_or(actor_doomed) AS actor_doomed
      FROM (
        SELECT n.id, cardinality(d.ids) - width_bucket(n.post_id - 1, d.ids) AS doomed,
          coalesce(d.ids[width_bucket(n.post_id, d.ids)] = n.post_id, false) AS opens_at_doomed,
          d.author_id IS NOT DISTINCT FROM n.actor_id AS actor_doomed
        FROM doomed d
        JOIN notifications n ON n.topic_id = d.topic_id AND n.type = 'reply' AND n.read_at IS NULL
          AND n.user_id IS DISTINCT FROM d.author_id AND n.post_id <= d.ids[cardinality(d.ids)] AND NOT ${blocked(sql.raw("n.user_id"), sql.raw("d.author_id"))}
        UNION ALL
        SELECT n.id, -1, false, false
        FROM doomed_mention_rows r
        JOIN notifications n ON n.user_id = r.user_id AND n.topic_id = r.topic_id AND n.type = 'reply' AND n.read_at IS NULL
          AND n.post_id <= r.post_id
      ) parts
      GROUP BY id
    ), emptied AS (
      DELETE FROM notifications n USING withdrawn w WHERE n.id = w.id AND n.count <= w.removed
    ), unmentioned AS (
      DELETE FROM notifications n USING doomed_mention_rows r WHERE n.id = r.id
    ), unreacted AS (
      DELETE FROM notifications n WHERE ${namesDoomedPost(which, sql.raw("n.post_id"))} AND n.type IN ('reaction', 'bookmark_reminder')
    ), read_replies AS (
      -- Read replies opening at a doomed post: the next remaining post they stand for, and the doomed
      -- posts they stood for before it.
      SELECT n.id, next.id AS next_id, next.author_id AS next_author,
        (SELECT count(*) FROM posts p WHERE ${doomed(p)} AND p.topic_id = n.topic_id AND p.author_id IS DISTINCT FROM n.user_id AND p.id >= n.post_id
          AND (next.id IS NULL OR p.id < next.id) AND NOT ${mentionedIn(p, sql.raw("n.user_id"))}
          AND NOT ${blocked(sql.raw("n.user_id"), sql.raw("p.author_id"))}) AS removed
      FROM notifications n
      LEFT JOIN LATERAL (SELECT p.id, p.author_id FROM posts p WHERE ${remainingFor} AND p.id > n.post_id ORDER BY p.id LIMIT 1) next ON true
      WHERE ${namesDoomedPost(which, sql.raw("n.post_id"))} AND n.type = 'reply' AND n.read_at IS NOT NULL
    ), read_emptied AS (
      DELETE FROM notifications n USING read_replies r WHERE n.id = r.id AND (r.next_id IS NULL OR n.count <= r.removed)
    ), read_moved AS (
      UPDATE notifications n SET count = n.count - r.removed, post_id = r.next_id,
        actor_id = CASE WHEN n.count - r.removed = 1 THEN r.next_author ELSE n.actor_id END
      FROM read_replies r WHERE n.id = r.id AND r.next_id IS NOT NULL AND n.count > r.removed
    )
    UPDATE notifications n SET
      count = n.count - w.removed,
      post_id = CASE WHEN w.opens_at_doomed
        THEN (SELECT p.id FROM posts p WHERE ${remainingFor} AND p.id > n.post_id ORDER BY p.id LIMIT 1)
        ELSE n.post_id END,
      actor_id = CASE WHEN w.actor_doomed
        THEN (SELECT p.author_id FROM posts p WHERE ${remainingFor} AND p.id >= n.post_id ORDER BY p.id DESC LIMIT 1)
        ELSE n.actor_id END
    FROM withdrawn w
    WHERE n.id = w.id AND n.count > w.removed AND (w.removed > 0 OR w.opens_at_doomed OR w.actor_doomed)`);
}

export interface NewComment {
  id: number;
  profileUserId: number;
  authorId: number;
  content: string;
}

/** A profile comment: `profile_comment` for the profile's owner, `mention` for the others it names (none for those who blocked its author). */
export async function notifyNewComment(db: Executor, comment: NewComment): Promise<void> {
  if (comment.profileUserId !== comment.authorId) {
    await writeAndAnnounce(
      db,
      sql`INSERT INTO notifications (user_id, type, actor_id, comment_id, profile_user_id)
        SELECT ${comment.profileUserId}, 'profile_comment', ${comment.authorId}, ${comment.id}, ${comment.profileUserId}
        WHERE NOT ${blocked(sql`${comment.profileUserId}::int`, comment.authorId)}
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

/**
 * Before a profile comment is deleted: its notifications go, read or not (a moderation notice about
 * it stays, without the comment: it tells of a decision). A deleted member's comments need no call:
 * every notification of one names its writer as actor, and goes with them (the actor FK cascades).
 */
export async function withdrawCommentNotifications(db: Executor, commentId: number): Promise<void> {
  await db.execute(sql`DELETE FROM notifications WHERE comment_id = ${commentId} AND type IN ('profile_comment', 'mention')`);
}

/**
 * Before a member is deleted, once their posts' and comments' notifications are withdrawn. The
 * actor FK cascades, so what names them as its actor goes with them: their mentions, profile
 * comments and invite_used (whose source goes with them too), and a read reply that stood for their
 * post alone (count 1: they were its latest and only poster). Two kinds outlive them, without an
 * actor: a badge they granted (it stays with its holder, granted_by set null) and a read reply or
 * reaction that stood for several posts or reactions (read, they keep what they told). Unread replies no
 * longer name them (withdrawPostNotifications gave them the latest remaining poster); should one
 * still, it stays too. At most `limit` rows at a time (a deletion job's batch); answers how many.
 */
export async function releaseDeletedActor(db: Executor, userId: number, limit: number): Promise<number> {
  const result = await db.execute(sql`
    UPDATE notifications SET actor_id = NULL
    WHERE id IN (
      SELECT id FROM notifications WHERE actor_id = ${userId} AND (type = 'badge' OR (type IN ('reply', 'reaction') AND count > 1)) LIMIT ${limit})`);
  return result.rowCount ?? 0;
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

/**
 * What a `moderation` notification tells its recipient: `{targetType}_{action}` (post_hide, comment_delete, card_hide,
 * post_flagged: hidden by flags until staff review it), why (the flags' reason) and staff's note, and where the
 * content is (none once it is gone: then the notice opens the public moderation log).
 */
export interface ModerationNotice {
  userId: number;
  moderationAction: string;
  reason: string | null;
  note?: string | null;
  topicId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  profileUserId?: number | null;
}

/**
 * A decision about the recipient's post, comment, message, card or opener, or flags that hid it
 * (docs/product.md "Moderation by the community"). It comes from staff as a body, with no actor: the
 * moderator is not named to the author (docs/decisions/066-the-moderation-loop.md).
 */
export async function notifyModeration(db: Executor, notice: ModerationNotice): Promise<void> {
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, moderation_action, moderation_reason, moderation_note, topic_id, post_id, comment_id, profile_user_id)
      VALUES (${notice.userId}, 'moderation', ${notice.moderationAction}, ${notice.reason}, ${notice.note ?? null}, ${notice.topicId ?? null},
        ${notice.postId ?? null}, ${notice.commentId ?? null}, ${notice.profileUserId ?? null})
      RETURNING id, user_id`,
  );
}

/**
 * A review item resolved: each member whose flag it resolves (but `exceptUserId`, the staff member who
 * decided) is told the outcome, `flag_resolved`, with their own flag's reason and staff's note:
 * `{targetType}_{action}`, hide or delete when staff agreed, keep when they did not. One statement
 * for every flagger; staff unnamed, as in `moderation`.
 */
export async function notifyFlagsResolved(
  db: Executor,
  resolved: { reviewItemId: number; exceptUserId: number; moderationAction: string; note: string | null; topicId: number | null; postId: number | null; commentId: number | null; profileUserId: number | null },
): Promise<void> {
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, moderation_action, moderation_reason, moderation_note, topic_id, post_id, comment_id, profile_user_id)
      SELECT f.flagger_id, 'flag_resolved', ${resolved.moderationAction}, f.reason, ${resolved.note}, ${resolved.topicId}, ${resolved.postId},
        ${resolved.commentId}, ${resolved.profileUserId}
      FROM flags f WHERE f.review_item_id = ${resolved.reviewItemId} AND f.flagger_id <> ${resolved.exceptUserId}
      RETURNING id, user_id`,
  );
}

/** A bookmark's reminder came due (docs/product.md "Bookmarks and reminders"): the member is told of the post, by no one. */
export async function notifyBookmarkReminder(db: Executor, reminder: { userId: number; topicId: number; postId: number }): Promise<void> {
  await writeAndAnnounce(
    db,
    sql`INSERT INTO notifications (user_id, type, topic_id, post_id)
      SELECT ${reminder.userId}, 'bookmark_reminder', ${reminder.topicId}, ${reminder.postId}
      WHERE ${memberReadsTopic(sql`${reminder.userId}::int`, sql`${reminder.topicId}::int`)}
      RETURNING id, user_id`,
  );
}
