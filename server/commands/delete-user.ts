import { setTimeout } from "node:timers/promises";
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { contentUploads, invites, memberDeletions, posts, profileComments, sessions, topics, uploads, users } from "../db/schema";
import { DEFAULT_ADMIN_DELETION_CONTENT, ERASED_OPENER, type DeletionContent } from "@shared/member-deletion";
import { conflict, notFound } from "../errors";
import { canDeleteOwnAccount } from "../policies/admin";
import { liveMember } from "../queries/live-member";
import { identityChanged } from "../identity/changes";
import { revokeAccessTokensOf } from "./access-tokens";
import { removePasskeysOf } from "./passkeys";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { addJob } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";
import type { UploadStorage } from "../uploads/storage";
import { releaseDeletedActor, withdrawPostNotifications, withdrawReactions, type RemovedReaction } from "./notify";

/**
 * Deleting a member (docs/product.md "Admin" and "Content outlives its author",
 * docs/decisions/021-member-deletion-job.md, 058-content-outlives-its-author.md) removes everything
 * that is theirs alone: their account, profile (with the comments on it), badges, bio card, links,
 * uploads no remaining text shows, unused invites assigned to them, sessions, tokens, passkeys,
 * drafts, reactions, flags and blocks; people they invited keep their accounts. What they wrote in
 * shared places follows the deletion's `content`:
 * - anonymize: their topics, posts, comments and messages stay, their author null ("Deleted member");
 * - erase: their posts, comments and messages go; a topic of theirs that others replied to stays
 *   (its opener "[deleted]", every reply kept), one with no other member's reply goes;
 * - purge (spam): as erase, and their topics go with every post in them.
 * In every mode, mentions of them in what stays read as plain text.
 *
 * It is a job in two parts. startMemberDeletion makes the member gone at once (deleted_at, sessions
 * ended), records the deletion and queues its first batch on the job queue; runDeletionBatch then
 * handles their rows a batch at a time, each batch its own short transaction that leaves every
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
  /** Where their files are removed from (UPLOAD_DIR or the bucket). */
  storage: UploadStorage;
}

export interface DeletedData {
  posts: number;
  topics: number;
  comments: number;
  messages: number;
}

/**
 * Marks the member deleted, ends their sessions and records the job with its `content` mode; answers
 * what will be removed (posts, topics, comments and messages: in purge, the posts of others in their
 * topics too; in every mode the comments on their profile). 404 for a member who does not exist or
 * is already being deleted; 409 for the only administrator deleting themselves (`requestedBy` is the
 * member: DELETE /api/auth/account).
 */
export async function startMemberDeletion(
  db: Db,
  { userId, requestedBy, content }: { userId: number; requestedBy: number | null; content: DeletionContent },
) {
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

    const deletedData = await whatGoes(tx, userId, content);
    // Progress counts posts, the work that grows without bound: theirs (anonymized or removed), and in purge the others' in their topics.
    const [{ ownPosts }] = (await tx.select({ ownPosts: count() }).from(posts).where(eq(posts.authorId, userId))) as [{ ownPosts: number }];
    const postsTotal = content === "anonymize" ? ownPosts : deletedData.posts;

    await tx.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, userId));
    await tx.delete(sessions).where(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`);
    await revokeAccessTokensOf(tx, userId);
    // No way back in while the rest goes (their row takes the passkeys with it anyway, last).
    await removePasskeysOf(tx, userId);
    await identityChanged(tx, userId);
    // Their topics and posts are gone for readers now (until a batch credits what stays to
    // "Deleted member"): rare enough to clear every forum page.
    await forumChanged(tx, [forumTags.everything]);
    const [job] = await tx.insert(memberDeletions).values({ userId, username: user.username, requestedBy, content, postsTotal }).returning();
    // The caller runs the first batch at once (a small deletion is done in the request); this job,
    // due a minute later, does it should that fail.
    await queueBatch(tx, job!.id, sql`now() + interval '1 minute'`);
    return { job: job!, username: user.username, deletedData };
  });
}

/** What a deletion in mode `content` removes of what was written in shared places (the answer's `deletedData`). */
async function whatGoes(tx: Tx, userId: number, content: DeletionContent): Promise<DeletedData> {
  const { rows } = await tx.execute<{ own_posts: number; others_in_topics: number; topics: number; topics_with_others: number; comments_by: number; comments_on: number; messages: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM posts WHERE author_id = ${userId}) AS own_posts,
      (SELECT count(*)::int FROM posts p JOIN topics t ON t.id = p.topic_id
        WHERE t.created_by = ${userId} AND p.author_id IS DISTINCT FROM ${userId}) AS others_in_topics,
      (SELECT count(*)::int FROM topics WHERE created_by = ${userId}) AS topics,
      (SELECT count(*)::int FROM topics t WHERE t.created_by = ${userId}
        AND EXISTS (SELECT 1 FROM posts p WHERE p.topic_id = t.id AND p.author_id IS DISTINCT FROM ${userId})) AS topics_with_others,
      (SELECT count(*)::int FROM profile_comments WHERE author_id = ${userId} AND profile_user_id <> ${userId}) AS comments_by,
      (SELECT count(*)::int FROM profile_comments WHERE profile_user_id = ${userId}) AS comments_on,
      (SELECT count(*)::int FROM messages WHERE author_id = ${userId} AND NOT deleted) AS messages`);
  const counted = rows[0]!;
  // The comments on their profile go with the profile in every mode.
  if (content === "anonymize") return { posts: 0, topics: 0, comments: counted.comments_on, messages: 0 };
  const erased = { comments: counted.comments_by + counted.comments_on, messages: counted.messages };
  if (content === "erase") return { posts: counted.own_posts, topics: counted.topics - counted.topics_with_others, ...erased };
  return { posts: counted.own_posts + counted.others_in_topics, topics: counted.topics, ...erased };
}

/** What one batch did: its job, the posts it removed or credited to "Deleted member" (the progress), and whether the job is now finished. */
export interface BatchOutcome {
  jobId: number;
  postsRemoved: number;
  finished: boolean;
}

/** The deletion a batch works on. */
interface Job {
  id: number;
  userId: number;
  username: string;
  content: DeletionContent;
}

type Step = (tx: Tx, job: Job, budget: number) => Promise<StepDone>;

/**
 * Each mode's steps, in order, each going on only when the one before is complete: the reactions
 * they gave (so the counts follow first); comments; their private messages, then their place in
 * conversations (one left with nobody goes); their posts; their topics; mentions of them unlinked;
 * the notifications addressed to or naming them; and last (removeMember) the member's row with what
 * cascades from it.
 */
const STEPS: Record<DeletionContent, Step[]> = {
  anonymize: [removeReactions, anonymizeComments, anonymizeMessages, anonymizePosts, anonymizeTopics, unlinkMentions, removeNotifications],
  erase: [removeReactions, removeComments, removeMessages, removeTheirPosts, settleOwnTopics, unlinkMentions, removeNotifications],
  purge: [removeReactions, removeComments, removeMessages, removePostsElsewhere, removeOwnTopics, unlinkMentions, removeNotifications],
};

/**
 * One batch of deletion `jobId`, unless it is finished or another transaction holds it: its row is
 * locked FOR UPDATE SKIP LOCKED for the batch, so two processes never work one deletion at once,
 * and what a batch handles is read from the rows left, so a batch repeated after a crash finds only
 * what is still there. Answers null when there is no such batch to do. While rows are left, the
 * next batch's job is queued in the batch's transaction. The steps are the job's mode's (STEPS).
 */
export async function runDeletionBatch(db: Db, settings: DeletionSettings, jobId: number): Promise<BatchOutcome | null> {
  const outcome = await db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: memberDeletions.id, userId: memberDeletions.userId, username: memberDeletions.username, content: memberDeletions.content })
      .from(memberDeletions)
      .where(and(isNull(memberDeletions.finishedAt), eq(memberDeletions.id, jobId)))
      .for("update", { skipLocked: true });
    if (!job) return null;

    let budget = settings.batchSize;
    let postsRemoved = 0;
    let finished = true;
    for (const step of STEPS[job.content]) {
      const done = budget > 0 ? await step(tx, job, budget) : { rows: 0, posts: 0, complete: false };
      budget -= done.rows;
      postsRemoved += done.posts;
      if (!done.complete) {
        finished = false;
        break;
      }
    }
    const files = finished ? await removeMember(tx, job) : [];
    await tx
      .update(memberDeletions)
      .set({
        postsDone: sql`${memberDeletions.postsDone} + ${postsRemoved}`,
        // Posts written into their hidden topic after the count are removed too.
        postsTotal: sql`greatest(${memberDeletions.postsTotal}, ${memberDeletions.postsDone} + ${postsRemoved})`,
        finishedAt: finished ? sql`now()` : null,
      })
      .where(eq(memberDeletions.id, job.id));
    // Topics' and authors' counts, what is shown as theirs: any batch that did something changed forum pages.
    if (budget < settings.batchSize || finished) await forumChanged(tx, [forumTags.everything]);
    if (!finished) await queueBatch(tx, job.id);
    return { outcome: { jobId: job.id, postsRemoved, finished }, files };
  });
  if (!outcome) return null;
  // Files go once their rows are gone for good; a crash in between, or a storage out of reach, leaves
  // strays the orphan sweep removes (the batch is not run again for them: its rows are gone).
  await settings.storage.remove(outcome.files).catch(() => {});
  return outcome.outcome;
}

/**
 * Deletes a member batch after batch in this call, for scripts, which run no job worker. When a
 * server process's worker holds a batch at the same time, it waits for that batch and goes on, so
 * it returns only once the member is gone.
 */
export async function deleteUser(db: Db, userId: number, settings: DeletionSettings, content: DeletionContent = DEFAULT_ADMIN_DELETION_CONTENT) {
  const started = await startMemberDeletion(db, { userId, requestedBy: null, content });
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
 * What a step did: rows of any kind (its share of the batch), of which posts removed or credited to
 * "Deleted member" (the job's progress), and whether nothing of its kind is left (only then do the
 * later steps run).
 */
interface StepDone {
  rows: number;
  posts: number;
  complete: boolean;
}

/**
 * Reactions they gave, out of the posts' counts (which are counted from these rows) and out of the
 * authors' unread reaction notifications. Reactions to their own posts go with those posts (or stay
 * on the posts that outlive them).
 */
async function removeReactions(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const posts = await removeReactionsFrom(tx, "post", userId, budget);
  // Then those to topics' openers (docs/product.md "The opener is a post"), with what is left of the batch.
  const openers = posts < budget ? await removeReactionsFrom(tx, "topic", userId, budget - posts) : 0;
  return { rows: posts + openers, posts: 0, complete: posts + openers < budget };
}

/** Up to `budget` of the member's reactions to posts or to openers, withdrawn from the notifications that count them; how many. */
async function removeReactionsFrom(tx: Tx, kind: "post" | "topic", userId: number, budget: number): Promise<number> {
  const table = sql.identifier(`${kind}_reactions`);
  const key = sql.identifier(`${kind}_id`);
  const removed = await tx.execute<RemovedReaction & Record<string, unknown>>(sql`
    DELETE FROM ${table} WHERE (${key}, reaction, user_id) IN (
      SELECT ${key}, reaction, user_id FROM ${table} WHERE user_id = ${userId} LIMIT ${budget})
    RETURNING ${key} AS "postId", user_id AS "userId", created_at::text AS "createdAt"`);
  await withdrawReactions(tx, removed.rows, kind);
  return removed.rows.length;
}

/** The comments on their profile (theirs included): they go with the profile in every mode. */
async function removeCommentsOnProfile(tx: Tx, userId: number, budget: number): Promise<StepDone> {
  const removed = await tx.execute(sql`
    DELETE FROM profile_comments WHERE id IN (SELECT id FROM profile_comments WHERE profile_user_id = ${userId} LIMIT ${budget})`);
  const rows = removed.rowCount ?? 0;
  return { rows, posts: 0, complete: rows < budget };
}

/** Comments they wrote and comments on their profile; their notifications go with the member (cascade). */
async function removeComments(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const theirs = tx
    .select({ id: profileComments.id })
    .from(profileComments)
    .where(or(eq(profileComments.authorId, userId), eq(profileComments.profileUserId, userId)))
    .limit(budget);
  const removed = await tx.delete(profileComments).where(inArray(profileComments.id, theirs)).returning({ id: profileComments.id });
  return { rows: removed.length, posts: 0, complete: removed.length < budget };
}

/** The comments on their profile go; those they wrote on others' profiles stay, their author null. */
async function anonymizeComments(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const onProfile = await removeCommentsOnProfile(tx, userId, budget);
  if (!onProfile.complete) return onProfile;
  const room = budget - onProfile.rows;
  const credited = await tx.execute(sql`
    UPDATE profile_comments SET author_id = NULL WHERE id IN (SELECT id FROM profile_comments WHERE author_id = ${userId} LIMIT ${room})`);
  const rows = credited.rowCount ?? 0;
  return { rows: onProfile.rows + rows, posts: 0, complete: rows < room };
}

/**
 * Their private messages, a batch at a time (their content_uploads rows cascade); once none is left,
 * they leave their conversations.
 */
async function removeMessages(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const removed = await tx.execute(sql`
    DELETE FROM messages WHERE id IN (SELECT id FROM messages WHERE author_id = ${userId} ORDER BY id LIMIT ${budget})`);
  const rows = removed.rowCount ?? 0;
  if (rows >= budget) return { rows, posts: 0, complete: false };
  return leaveConversations(tx, userId, budget - rows, rows);
}

/** Their private messages stay, their author null; once none is left, they leave their conversations. */
async function anonymizeMessages(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const credited = await tx.execute(sql`
    UPDATE messages SET author_id = NULL WHERE id IN (SELECT id FROM messages WHERE author_id = ${userId} ORDER BY id LIMIT ${budget})`);
  const rows = credited.rowCount ?? 0;
  if (rows >= budget) return { rows, posts: 0, complete: false };
  return leaveConversations(tx, userId, budget - rows, rows);
}

/** Their place in conversations, a batch at a time; one left with nobody goes (with its messages). */
async function leaveConversations(tx: Tx, userId: number, room: number, done: number): Promise<StepDone> {
  const left = await tx.execute<{ conversation_id: number }>(sql`
    DELETE FROM conversation_participants WHERE user_id = ${userId} AND conversation_id IN (
      SELECT conversation_id FROM conversation_participants WHERE user_id = ${userId} LIMIT ${room})
    RETURNING conversation_id`);
  await tx.execute(sql`
    DELETE FROM conversations c WHERE c.id = ANY(${sql.param(left.rows.map((row) => row.conversation_id))}::int[])
      AND NOT EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = c.id)`);
  return { rows: done + left.rows.length, posts: 0, complete: left.rows.length < room };
}

/** Purge: their posts in other members' topics (their own topics go whole, removeOwnTopics). */
function removePostsElsewhere(tx: Tx, job: Job, budget: number) {
  return removePosts(tx, job.userId, budget, { ownTopics: false });
}

/** Erase: their posts in every topic, their own included (which then stay if others replied, settleOwnTopics). */
function removeTheirPosts(tx: Tx, job: Job, budget: number) {
  return removePosts(tx, job.userId, budget, { ownTopics: true });
}

/**
 * Their oldest posts (in their own topics too, or only in others'), as deleted posts go: locks in
 * the forum's order (those topics, then users), their part in unread notifications withdrawn, then
 * the topics' postsCount and lastPostAt and their own postsCount follow.
 */
async function removePosts(tx: Tx, userId: number, budget: number, { ownTopics }: { ownTopics: boolean }): Promise<StepDone> {
  const candidates = await tx
    .select({ topicId: posts.topicId })
    .from(posts)
    .innerJoin(topics, eq(topics.id, posts.topicId))
    .where(and(eq(posts.authorId, userId), ownTopics ? undefined : or(isNull(topics.createdBy), ne(topics.createdBy, userId))))
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
 * Their oldest posts stay, their author null ("Deleted member"): the topics' counts do not change,
 * nor anyone's notifications (the ones naming them lose their actor in removeNotifications); their
 * own postsCount follows, so it stays what their rows say until the row goes.
 */
async function anonymizePosts(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const credited = await tx.execute(sql`
    UPDATE posts SET author_id = NULL WHERE id IN (
      SELECT id FROM posts WHERE author_id = ${userId} ORDER BY created_at LIMIT ${budget})`);
  const rows = credited.rowCount ?? 0;
  if (rows > 0) await tx.update(users).set({ postsCount: sql`${users.postsCount} - ${rows}` }).where(eq(users.id, userId));
  return { rows, posts: rows, complete: rows < budget };
}

/** Their topics stay, their starter null ("Deleted member"), every post in them kept. */
async function anonymizeTopics(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  const credited = await tx.execute(sql`
    UPDATE topics SET created_by = NULL WHERE id IN (SELECT id FROM topics WHERE created_by = ${userId} ORDER BY id LIMIT ${budget})`);
  const rows = credited.rowCount ?? 0;
  return { rows, posts: 0, complete: rows < budget };
}

/**
 * Erase, once their posts are gone: each of their topics, oldest first, under its lock. One that
 * still holds posts (others' replies) stays, its opener blanked to "[deleted]" and its starter null;
 * one with none left goes (its notifications first, bounded by the batch, then the topic with its
 * read positions and participants). The opener's rendered text and its earlier versions go too
 * (docs/decisions/058, 059).
 */
async function settleOwnTopics(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  let rows = 0;
  while (rows < budget) {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.createdBy, userId)).orderBy(asc(topics.id)).limit(1).for("update");
    if (!topic) return { rows, posts: 0, complete: true };
    const [replied] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.topicId, topic.id)).limit(1);
    if (replied) {
      // The erased words go from its history too; the blank opener shows as written, never hidden.
      await tx.execute(sql`
        UPDATE ${topics} SET created_by = NULL, description = ${ERASED_OPENER}, description_html = ${`<p>${ERASED_OPENER}</p>`},
          description_text = ${ERASED_OPENER}, description_edited_at = NULL, hidden_at = NULL
        WHERE id = ${topic.id}`);
      await tx.execute(sql`DELETE FROM topic_revisions WHERE topic_id = ${topic.id}`);
      rows += 1;
      continue;
    }
    const notices = await tx.execute(sql`
      DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE topic_id = ${topic.id} LIMIT ${budget - rows})`);
    rows += notices.rowCount ?? 0;
    if (rows >= budget) break;
    await tx.delete(topics).where(eq(topics.id, topic.id));
    rows += 1;
  }
  return { rows, posts: 0, complete: false };
}

/**
 * Purge: their topics, oldest first, each under its lock: every notification about it first (the
 * topic takes them all with it, so none is left pointing at a removed post), then its posts (their
 * authors' postsCount follows), then the topic itself with its read positions and participants.
 */
async function removeOwnTopics(tx: Tx, { userId }: Job, budget: number): Promise<StepDone> {
  let rows = 0;
  let postsRemoved = 0;
  while (rows < budget) {
    const [topic] = await tx.select({ id: topics.id }).from(topics).where(eq(topics.createdBy, userId)).orderBy(asc(topics.id)).limit(1).for("update");
    if (!topic) return { rows, posts: postsRemoved, complete: true };
    const notices = await tx.execute(sql`
      DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE topic_id = ${topic.id} LIMIT ${budget - rows})`);
    rows += notices.rowCount ?? 0;
    if (rows >= budget) break;

    const gone = await tx.execute<{ author_id: number | null }>(sql`
      DELETE FROM ${posts} WHERE id IN (SELECT id FROM ${posts} WHERE topic_id = ${topic.id} ORDER BY id LIMIT ${budget - rows})
      RETURNING author_id`);
    if (gone.rows.length > 0) {
      const perAuthor = new Map<number, number>();
      // A post that outlived an earlier deleted member counts for nobody.
      for (const { author_id } of gone.rows) if (author_id !== null) perAuthor.set(author_id, (perAuthor.get(author_id) ?? 0) + 1);
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

/**
 * Mentions of them in the texts that stay read as plain text: the stored HTML's mention links to
 * their profile (`<a href="/user/{name}" class="mention" …>@name</a>`, server/markdown/mentions.ts)
 * become their text, a batch of rows at a time (a row changed no longer matches, so a repeated
 * batch finds only what is left). Posts are found through their full-text index (every post naming
 * them holds their name's words); comments and messages, which have none, by their HTML. A link the
 * author wrote themselves (not a mention) stays as written.
 */
async function unlinkMentions(tx: Tx, { username }: Job, budget: number): Promise<StepDone> {
  const opening = `<a href="/user/${username}" class="mention"`;
  const like = `%${opening.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const link = `${opening.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^>]*>([^<]*)</a>`;
  const found = {
    posts: (limit: number) => sql`SELECT id FROM posts WHERE search_vector @@ plainto_tsquery('english', ${username}) AND html LIKE ${like} LIMIT ${limit}`,
    profile_comments: (limit: number) => sql`SELECT id FROM profile_comments WHERE html LIKE ${like} LIMIT ${limit}`,
    messages: (limit: number) => sql`SELECT id FROM messages WHERE html LIKE ${like} LIMIT ${limit}`,
  };
  let rows = 0;
  for (const [table, candidates] of Object.entries(found)) {
    const room = budget - rows;
    const changed = await tx.execute(sql`
      UPDATE ${sql.identifier(table)} SET html = regexp_replace(html, ${link}, ${"\\1"}, 'g') WHERE id IN (${candidates(room)})`);
    rows += changed.rowCount ?? 0;
    if ((changed.rowCount ?? 0) >= room) return { rows, posts: 0, complete: false };
  }
  return { rows, posts: 0, complete: true };
}

/**
 * Once their posts are handled: what should outlive them is released (their actor set null) — in
 * anonymize every notification about what they wrote that stays (replies, mentions, comments), in
 * the other modes a badge they granted or a coalesced reply or reaction (notify.ts) —, and the rest
 * about them goes.
 */
async function removeNotifications(tx: Tx, { userId, content }: Job, budget: number): Promise<StepDone> {
  const released = content === "anonymize" ? await releaseOutlivingActor(tx, userId, budget) : await releaseDeletedActor(tx, userId, budget);
  if (released >= budget) return { rows: released, posts: 0, complete: false };
  const removed = await tx.execute(sql`
    DELETE FROM notifications WHERE id IN (
      SELECT id FROM notifications WHERE user_id = ${userId} OR actor_id = ${userId} OR profile_user_id = ${userId} LIMIT ${budget - released})`);
  const rows = removed.rowCount ?? 0;
  return { rows: released + rows, posts: 0, complete: rows < budget - released };
}

/** Anonymize: others' notifications of what they wrote, which stays, and of badges they granted, lose their actor ("Deleted member"). */
async function releaseOutlivingActor(tx: Tx, userId: number, limit: number): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE notifications SET actor_id = NULL
    WHERE id IN (
      SELECT id FROM notifications WHERE actor_id = ${userId} AND user_id <> ${userId}
        AND (type IN ('reply', 'mention', 'badge') OR (type = 'reaction' AND count > 1) OR (type = 'profile_comment' AND profile_user_id <> ${userId}))
      LIMIT ${limit})`);
  return result.rowCount ?? 0;
}

/**
 * The last step: unused invites assigned to them, then their row (badges, card, links, drafts,
 * flags, blocks and upload rows cascade). An upload that a remaining text shows (content_uploads)
 * stays, its owner null; the others' files are answered, to be removed.
 */
async function removeMember(tx: Tx, { userId }: Job): Promise<string[]> {
  const files = await tx
    .delete(uploads)
    .where(and(eq(uploads.ownerId, userId), sql`NOT EXISTS (SELECT 1 FROM ${contentUploads} cu WHERE cu.upload_id = ${uploads.id})`))
    .returning({ filename: uploads.filename });
  await tx.delete(invites).where(and(eq(invites.assignedTo, userId), isNull(invites.usedAt)));
  await tx.delete(users).where(eq(users.id, userId));
  return files.map((file) => file.filename);
}
