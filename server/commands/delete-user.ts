import { rm } from "node:fs/promises";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { invites, memberDeletions, posts, profileComments, sessions, topics, uploads, users } from "../db/schema";
import { conflict, notFound } from "../errors";
import { canDeleteOwnAccount } from "../policies/admin";
import { liveMember } from "../queries/live-member";
import { identityChanged } from "../identity/changes";
import { revokeAccessTokensOf } from "./access-tokens";
import { removePasskeysOf } from "./passkeys";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { addJob } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";
import { releaseDeletedActor, withdrawPostNotifications, withdrawReactions, type RemovedReaction } from "./notify";

/**
 * Deleting a member (docs/product.md "Admin", docs/decisions/021-member-deletion-job.md) removes
 * everything that is theirs: their posts, their topics with every post in them, comments they wrote
 * and comments on their profile, badges, bio card, links, uploads (rows and files), unused invites
 * assigned to them, their sessions, tokens and passkeys; people they invited keep their accounts.
 *
 * It is a job in two parts. startMemberDeletion makes the member gone at once (deleted_at, sessions
 * ended), records the deletion and queues its first batch on the job queue; runDeletionBatch then
 * removes their rows a batch at a time, each batch its own short transaction that leaves every
 * counter and notification exact and queues the next batch, so a spammer's 100,000 posts block
 * nobody and a deletion cut off midway is finished by the next batch, in any process.
 */

/** One pending batch job per deletion (the job queue's key): queuing it again replaces it, due at `runAt` (default now). */
const queueBatch = (tx: Pick<Db, "execute">, deletionId: number, runAt?: SQL) =>
  addJob(tx, TASKS.memberDeletion, { deletionId }, { jobKey: `${TASKS.memberDeletion}:${deletionId}`, runAt });

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface DeletionSettings {
  /** Rows removed per batch (MEMBER_DELETION_BATCH_SIZE). */
  batchSize: number;
  uploadDir: string;
}

export interface DeletedData {
  posts: number;
  topics: number;
  comments: number;
}

/**
 * Marks the member deleted, ends their sessions and records the job; answers what will be removed
 * (every post, topic and comment, posts of others inside their topics included). 404 for a member
 * who does not exist or is already being deleted; 409 for the only administrator deleting themselves
 * (`requestedBy` is the member: DELETE /api/auth/account).
 */
export async function startMemberDeletion(db: Db, { userId, requestedBy }: { userId: number; requestedBy: number | null }) {
  return db.transaction(async (tx) => {
    // A member deleting their own account: the administrators are locked first (in id order, so two
    // deleting themselves at once wait for each other), and the last one left may not go.
    const selfDeletion = requestedBy === userId;
    const admins = selfDeletion ? await tx.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), liveMember)).orderBy(asc(users.id)).for("update") : [];
    const [user] = await tx.select({ username: users.username, isAdmin: users.isAdmin }).from(users).where(and(eq(users.id, userId), liveMember)).for("update");
    if (!user) throw notFound("User not found");
    if (selfDeletion && !canDeleteOwnAccount(user, admins.filter((admin) => admin.id !== userId).length)) {
      throw conflict("You are the only administrator: make another member an administrator before deleting your account");
    }

    const ownTopics = tx.select({ id: topics.id }).from(topics).where(eq(topics.createdBy, userId));
    const [{ postCount }] = (await tx
      .select({ postCount: count() })
      .from(posts)
      .where(or(eq(posts.authorId, userId), inArray(posts.topicId, ownTopics)))) as [{ postCount: number }];
    const [{ topicCount }] = (await tx.select({ topicCount: count() }).from(topics).where(eq(topics.createdBy, userId))) as [{ topicCount: number }];
    const [{ commentCount }] = (await tx
      .select({ commentCount: count() })
      .from(profileComments)
      .where(or(eq(profileComments.authorId, userId), eq(profileComments.profileUserId, userId)))) as [{ commentCount: number }];

    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.delete(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`);
    await revokeAccessTokensOf(tx, userId);
    // No way back in while the rest goes (their row takes the passkeys with it anyway, last).
    await removePasskeysOf(tx, userId);
    await identityChanged(tx, userId);
    // Their topics and posts are gone for readers now: rare enough to clear every forum page.
    await forumChanged(tx, [forumTags.everything]);
    const [job] = await tx.insert(memberDeletions).values({ userId, username: user.username, requestedBy, postsTotal: postCount }).returning();
    // The caller runs the first batch at once (a small deletion is done in the request); this job,
    // due a minute later, does it should that fail.
    await queueBatch(tx, job!.id, sql`now() + interval '1 minute'`);
    const deletedData: DeletedData = { posts: postCount, topics: topicCount, comments: commentCount };
    return { job: job!, username: user.username, deletedData };
  });
}

/** What one batch did: its job, and whether that job is now finished. */
export interface BatchOutcome {
  jobId: number;
  postsRemoved: number;
  finished: boolean;
}

/**
 * One batch of deletion `jobId`, unless it is finished or another transaction holds it: its row is
 * locked FOR UPDATE SKIP LOCKED for the batch, so two processes never work one deletion at once,
 * and what a batch removes is read from the rows left, so a batch repeated after a crash finds only
 * what is still there. Answers null when there is no such batch to do. While rows are left, the
 * next batch's job is queued in the batch's transaction.
 *
 * In order, each step going on only when the one before is complete: the reactions they gave (so
 * the counts follow first); comments both ways; their private messages, then their place in
 * conversations (one left with nobody goes); their posts
 * in other members' topics; their topics (notifications, then posts, then the topic); the
 * notifications addressed to or naming them; and last the member's row with what cascades from it.
 */
export async function runDeletionBatch(db: Db, settings: DeletionSettings, jobId: number): Promise<BatchOutcome | null> {
  const outcome = await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: memberDeletions.id, userId: memberDeletions.userId })
      .from(memberDeletions)
      .where(and(isNull(memberDeletions.finishedAt), eq(memberDeletions.id, jobId)))
      .for("update", { skipLocked: true });
    if (!job) return null;

    let budget = settings.batchSize;
    let postsRemoved = 0;
    let finished = true;
    for (const step of [removeReactions, removeComments, removeMessages, removePostsElsewhere, removeOwnTopics, removeNotifications]) {
      const done = budget > 0 ? await step(tx, job.userId, budget) : { rows: 0, posts: 0, complete: false };
      budget -= done.rows;
      postsRemoved += done.posts;
      if (!done.complete) {
        finished = false;
        break;
      }
    }
    const files = finished ? await removeMember(tx, job.userId) : [];
    await tx
      .update(memberDeletions)
      .set({
        postsDone: sql`${memberDeletions.postsDone} + ${postsRemoved}`,
        // Posts written into their hidden topic after the count are removed too.
        postsTotal: sql`greatest(${memberDeletions.postsTotal}, ${memberDeletions.postsDone} + ${postsRemoved})`,
        finishedAt: finished ? sql`now()` : null,
      })
      .where(eq(memberDeletions.id, job.id));
    // Other topics' posts counts and other authors' counts went down with what this batch removed.
    if (postsRemoved > 0) await forumChanged(tx, [forumTags.everything]);
    if (!finished) await queueBatch(tx, job.id);
    return { outcome: { jobId: job.id, postsRemoved, finished }, files };
  });
  if (!outcome) return null;
  // Files go once their rows are gone for good; a crash in between leaves strays the orphan sweep removes.
  await Promise.all(outcome.files.map((filename) => rm(path.join(settings.uploadDir, filename), { force: true })));
  return outcome.outcome;
}

/**
 * Deletes a member batch after batch in this call, for scripts, which run no job worker. When a
 * server process's worker holds a batch at the same time, it waits for that batch and goes on, so
 * it returns only once the member is gone.
 */
export async function deleteUser(db: Db, userId: number, settings: DeletionSettings) {
  const started = await startMemberDeletion(db, { userId, requestedBy: null });
  for (;;) {
    const outcome = await runDeletionBatch(db, settings, started.job.id);
    if (outcome?.finished) return started;
    if (!outcome) {
      if (await deletionFinished(db, started.job.id)) return started;
      await setTimeout(WORKER_BATCH_WAIT_MS);
    }
  }
}

const WORKER_BATCH_WAIT_MS = 20;

async function deletionFinished(db: Db, jobId: number) {
  const [job] = await db.select({ finishedAt: memberDeletions.finishedAt }).from(memberDeletions).where(eq(memberDeletions.id, jobId));
  return !job || job.finishedAt !== null;
}

/**
 * What a step removed: rows of any kind (its share of the batch), of which posts (the job's
 * progress), and whether nothing of its kind is left (only then do the later steps run).
 */
interface StepDone {
  rows: number;
  posts: number;
  complete: boolean;
}

/**
 * Reactions they gave, out of the posts' counts (which are counted from these rows) and out of the
 * authors' unread reaction notifications. Reactions to their own posts go with those posts.
 */
async function removeReactions(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const removed = await tx.execute<RemovedReaction & Record<string, unknown>>(sql`
    DELETE FROM post_reactions WHERE (post_id, reaction, user_id) IN (
      SELECT post_id, reaction, user_id FROM post_reactions WHERE user_id = ${userId} LIMIT ${budget})
    RETURNING post_id AS "postId", user_id AS "userId", created_at::text AS "createdAt"`);
  await withdrawReactions(tx, removed.rows);
  return { rows: removed.rows.length, posts: 0, complete: removed.rows.length < budget };
}

/** Comments they wrote and comments on their profile; their notifications go with the member (cascade). */
async function removeComments(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const theirs = tx
    .select({ id: profileComments.id })
    .from(profileComments)
    .where(or(eq(profileComments.authorId, userId), eq(profileComments.profileUserId, userId)))
    .limit(budget);
  const removed = await tx.delete(profileComments).where(inArray(profileComments.id, theirs)).returning({ id: profileComments.id });
  return { rows: removed.length, posts: 0, complete: removed.length < budget };
}

/**
 * Their private messages, a batch at a time (their content_uploads rows cascade); once none is left,
 * they leave their conversations, a batch at a time too, and one left with nobody goes.
 */
async function removeMessages(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const removed = await tx.execute(sql`
    DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE author_id = ${userId} ORDER BY id LIMIT ${budget})`);
  const rows = removed.rowCount ?? 0;
  if (rows >= budget) return { rows, posts: 0, complete: false };
  const room = budget - rows;
  const left = await tx.execute<{ conversation_id: number }>(sql`
    DELETE FROM conversation_participants WHERE user_id = ${userId} AND conversation_id IN (
      SELECT conversation_id FROM conversation_participants WHERE user_id = ${userId} LIMIT ${room})
    RETURNING conversation_id`);
  await tx.execute(sql`
    DELETE FROM conversations c WHERE c.id = ANY(${sql.param(left.rows.map((row) => row.conversation_id))}::int[])
      AND NOT EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id)`);
  return { rows: rows + left.rows.length, posts: 0, complete: left.rows.length < room };
}

/**
 * Their oldest posts in other members' topics, as deleted posts go: locks in the forum's order
 * (those topics, then users), their part in unread notifications withdrawn, then the topics'
 * postsCount and lastPostAt and their own postsCount follow.
 */
async function removePostsElsewhere(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const candidates = await tx
    .select({ topicId: posts.topicId })
    .from(posts)
    .innerJoin(topics, eq(topics.id, posts.topicId))
    .where(and(eq(posts.authorId, userId), ne(topics.createdBy, userId)))
    // The order of posts_author_id_created_at_idx: no sort of all their posts per batch.
    .orderBy(asc(posts.createdAt))
    .limit(budget);
  if (candidates.length === 0) return { rows: 0, posts: 0, complete: true };
  const topicIds = [...new Set(candidates.map((post) => post.topicId))].sort((a, b) => a - b);
  await tx.select({ id: topics.id }).from(topics).where(inArray(topics.id, topicIds)).orderBy(asc(topics.id)).for("update");
  // Read again under the topic locks: nothing else can now delete or add posts in these topics.
  const doomed = await tx
    .select({ id: posts.id, topicId: posts.topicId })
    .from(posts)
    .where(and(eq(posts.authorId, userId), inArray(posts.topicId, topicIds)))
    .orderBy(asc(posts.createdAt))
    .limit(budget);
  const postIds = doomed.map((post) => post.id);
  await withdrawPostNotifications(tx, { postIds });
  await tx.delete(posts).where(inArray(posts.id, postIds));
  await lowerTopicCounters(tx, doomed);
  await tx.update(users).set({ postsCount: sql`${users.postsCount} - ${doomed.length}` }).where(eq(users.id, userId));
  return { rows: doomed.length, posts: doomed.length, complete: candidates.length < budget && doomed.length < budget };
}

/** Each topic's postsCount less its removed posts; lastPostAt the newest remaining post's time. */
async function lowerTopicCounters(tx: Tx, removed: { topicId: number }[]) {
  const perTopic = new Map<number, number>();
  for (const { topicId } of removed) perTopic.set(topicId, (perTopic.get(topicId) ?? 0) + 1);
  await tx.execute(sql`
    UPDATE ${topics} t SET posts_count = t.posts_count - d.removed,
      last_post_at = (SELECT p.created_at FROM ${posts} p WHERE p.topic_id = t.id ORDER BY p.id DESC LIMIT 1)
    FROM unnest(${sql.param([...perTopic.keys()])}::int[], ${sql.param([...perTopic.values()])}::int[]) AS d(topic_id, removed)
    WHERE t.id = d.topic_id`);
}

/**
 * Their topics, oldest first, each under its lock: every notification about it first (the topic
 * takes them all with it, so none is left pointing at a removed post), then its posts (their
 * authors' postsCount follows), then the topic itself with its read positions and participants.
 */
async function removeOwnTopics(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  let rows = 0;
  let postsRemoved = 0;
  while (rows < budget) {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.createdBy, userId)).orderBy(asc(topics.id)).limit(1).for("update");
    if (!topic) return { rows, posts: postsRemoved, complete: true };
    const notices = await tx.execute(sql`
      DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE topic_id = ${topic.id} LIMIT ${budget - rows})`);
    rows += notices.rowCount ?? 0;
    if (rows >= budget) break;

    const gone = await tx.execute<{ author_id: number }>(sql`
      DELETE FROM ${posts} WHERE id IN (SELECT id FROM ${posts} WHERE topic_id = ${topic.id} ORDER BY id LIMIT ${budget - rows})
      RETURNING author_id`);
    if (gone.rows.length > 0) {
      const perAuthor = new Map<number, number>();
      for (const { author_id } of gone.rows) perAuthor.set(author_id, (perAuthor.get(author_id) ?? 0) + 1);
      await lowerTopicCounters(tx, gone.rows.map(() => ({ topicId: topic.id })));
      await tx.execute(sql`
        UPDATE ${users} u SET posts_count = u.posts_count - d.removed
        FROM unnest(${sql.param([...perAuthor.keys()])}::int[], ${sql.param([...perAuthor.values()])}::int[]) AS d(author_id, removed)
        WHERE u.id = d.author_id`);
      rows += gone.rows.length;
      postsRemoved += gone.rows.length;
      if (rows >= budget) break;
    }
    await tx.delete(topics).where(eq(topics.id, topic.id));
    rows += 1;
  }
  return { rows, posts: postsRemoved, complete: false };
}

/** Once their posts are gone: what should outlive them is released (notify.ts), the rest about them goes. */
async function removeNotifications(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const released = await releaseDeletedActor(tx, userId, budget);
  if (released >= budget) return { rows: released, posts: 0, complete: false };
  const removed = await tx.execute(sql`
    DELETE FROM notifications WHERE id IN (
      SELECT id FROM notifications WHERE user_id = ${userId} OR actor_id = ${userId} OR profile_user_id = ${userId} LIMIT ${budget - released})`);
  const rows = removed.rowCount ?? 0;
  return { rows: released + rows, posts: 0, complete: rows < budget - released };
}

/** The last step: unused invites assigned to them, then their row (badges, card, links, upload rows cascade). Answers their files. */
async function removeMember(tx: Tx, userId: number): Promise<string[]> {
  const files = await tx.select({ filename: uploads.filename }).from(uploads).where(eq(uploads.ownerId, userId));
  await tx.delete(invites).where(and(eq(invites.assignedTo, userId), isNull(invites.usedAt)));
  await tx.delete(users).where(eq(users.id, userId));
  return files.map((file) => file.filename);
}
