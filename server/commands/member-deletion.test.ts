import { OPEN_ONLY_SCOPE } from "../policies/category-access";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { memberDeletions, notifications, posts, profileComments, topics, users } from "../db/schema";
import { createLogger } from "../logger";
import { createCredentialChecker } from "../auth/credentials";
import { findPublicCard } from "../queries/bio-cards";
import { findTopic, listTopicPosts, listTopics } from "../queries/forum";
import { findUserByUsername } from "../queries/users";
import { createTestApp, type TestApp } from "../test/app";
import { expectCountersExact, expectUnreadRepliesExact } from "../test/counters";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { insertMember, PASSWORD, readUser, signedInAgent } from "../test/fixtures";
import { runDeletionBatch, startMemberDeletion, type BatchOutcome } from "./delete-user";
import { TASKS } from "../jobs/tasks";
import { startJobWorker } from "../jobs/worker";
import { queuedJobs } from "../test/jobs";
import { runMemberDeletion } from "./member-deletion-job";
import { createLocalStorage } from "../uploads/storage";

const SPAM_POSTS = 3_000;
/** Posts in the spammer's own topic: a third by the reader, the rest theirs. */
const OWN_TOPIC_POSTS = 150;
const BATCH_SIZE = 100;

/**
 * A spammer with SPAM_POSTS posts in a friend's busy topic (after the friend's and another member's
 * posts, so its lastPostAt moves back), a topic of their own with the reader's posts in it, comments
 * both ways, a badge they granted, and the unread replies those posts made, all counters exact.
 */
async function spammer(db: Db) {
  const doomed = await insertMember(db);
  const friend = await insertMember(db);
  const reader = await insertMember(db);
  const other = await insertMember(db);
  const [busy] = await db.insert(topics).values({ title: "Busy", createdBy: friend.id }).returning();
  const [own] = await db.insert(topics).values({ title: "Theirs", createdBy: doomed.id }).returning();
  const [first] = await db.insert(posts).values({ content: "first", topicId: busy!.id, authorId: friend.id }).returning();
  await db.insert(posts).values({ content: "second", topicId: busy!.id, authorId: other.id });
  await db.execute(sql`
    INSERT INTO posts (content, topic_id, author_id) SELECT 'spam ' || n, ${busy!.id}, ${doomed.id} FROM generate_series(1, ${SPAM_POSTS}) n`);
  await db.execute(sql`
    INSERT INTO posts (content, topic_id, author_id)
    SELECT 'own ' || n, ${own!.id}, CASE WHEN n % 3 = 0 THEN ${reader.id}::int ELSE ${doomed.id}::int END FROM generate_series(1, ${OWN_TOPIC_POSTS}) n`);
  await db.insert(profileComments).values([
    { profileUserId: friend.id, authorId: doomed.id, content: "by them" },
    { profileUserId: doomed.id, authorId: reader.id, content: "on their profile" },
  ]);
  await db.execute(sql`UPDATE users u SET posts_count = (SELECT count(*) FROM posts p WHERE p.author_id = u.id)`);
  await db.execute(sql`
    UPDATE topics t SET posts_count = (SELECT count(*) FROM posts p WHERE p.topic_id = t.id),
      last_post_at = (SELECT max(p.created_at) FROM posts p WHERE p.topic_id = t.id)`);

  // Unread replies as posting made them: the friend's opens at the first spam post, the reader's at
  // the friend's first post (it keeps two once the spam is gone); the reader's own-topic reply.
  const [firstSpam] = await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, doomed.id)).orderBy(posts.id).limit(1);
  const [firstOwn] = await db.select({ id: posts.id }).from(posts).where(eq(posts.topicId, own!.id)).orderBy(posts.id).limit(1);
  await db.execute(sql`
    INSERT INTO notifications (user_id, type, actor_id, topic_id, post_id, count)
    SELECT r.user_id, 'reply',
      (SELECT p.author_id FROM posts p WHERE p.topic_id = r.topic_id AND p.id >= r.post_id AND p.author_id <> r.user_id ORDER BY p.id DESC LIMIT 1),
      r.topic_id, r.post_id,
      (SELECT count(*) FROM posts p WHERE p.topic_id = r.topic_id AND p.id >= r.post_id AND p.author_id <> r.user_id)
    FROM (VALUES (${friend.id}::int, ${busy!.id}::int, ${firstSpam!.id}::int), (${reader.id}, ${busy!.id}, ${first!.id}), (${reader.id}, ${own!.id}, ${firstOwn!.id}))
      AS r(user_id, topic_id, post_id)`);
  await db.insert(notifications).values({ userId: reader.id, type: "badge", actorId: doomed.id, badgeType: "verified", profileUserId: reader.id });
  await expectUnreadRepliesExact(db);
  return { doomed, friend, reader, other, busy: busy!, own: own!, first: first! };
}

type Spammer = Awaited<ReturnType<typeof spammer>>;

/** The end state of a finished deletion: nothing of theirs, every counter and notification exact. */
async function expectDeletedToTheEnd(db: Db, cast: Spammer) {
  expect(await db.select().from(users).where(eq(users.id, cast.doomed.id))).toEqual([]);
  expect(await db.select().from(topics).where(eq(topics.id, cast.own.id))).toEqual([]);
  expect(await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, cast.doomed.id))).toEqual([]);
  expect(await db.select({ id: profileComments.id }).from(profileComments).where(eq(profileComments.authorId, cast.doomed.id))).toEqual([]);
  const [job] = await db.select().from(memberDeletions).where(eq(memberDeletions.userId, cast.doomed.id));
  expect(job).toMatchObject({ postsDone: SPAM_POSTS + OWN_TOPIC_POSTS, postsTotal: SPAM_POSTS + OWN_TOPIC_POSTS });
  expect(job!.finishedAt).not.toBeNull();

  await expectCountersExact(db);
  await expectUnreadRepliesExact(db);
  expect(await readUser(db, cast.reader.id)).toMatchObject({ postsCount: 0 });
  expect(await db.select().from(topics).where(eq(topics.id, cast.busy.id))).toMatchObject([{ postsCount: 2 }]);
  // The friend's reply stood for spam alone; the reader's keeps the two posts left, named by their latest author.
  const replies = await db.select().from(notifications).where(and(eq(notifications.type, "reply"), eq(notifications.topicId, cast.busy.id)));
  expect(replies.map(({ userId, count, postId, actorId }) => ({ userId, count, postId, actorId }))).toEqual([
    { userId: cast.reader.id, count: 2, postId: cast.first.id, actorId: cast.other.id },
  ]);
  // A badge they granted outlives them, without an actor.
  const badges = await db.select({ actorId: notifications.actorId }).from(notifications).where(and(eq(notifications.type, "badge"), eq(notifications.userId, cast.reader.id)));
  expect(badges).toEqual([{ actorId: null }]);
}

/** A logger that tells when a deletion has finished (its job's one event). */
function finishedJobs() {
  const waiting = new Map<number, () => void>();
  const finished = new Set<number>();
  // The job's log line is the event: a real logger writing to a stream the test reads.
  const logger = createLogger({
    level: "info",
    destination: {
      write(line: string) {
        const entry = JSON.parse(line) as { msg?: string; jobId?: number };
        if (entry.msg !== "Member deletion finished" || entry.jobId === undefined) return;
        finished.add(entry.jobId);
        waiting.get(entry.jobId)?.();
      },
    },
  });
  const whenFinished = (jobId: number) => new Promise<void>((resolve) => (finished.has(jobId) ? resolve() : waiting.set(jobId, resolve)));
  return { logger, whenFinished };
}

describe("a member deletion job", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const settings = { batchSize: BATCH_SIZE, storage: createLocalStorage("/nonexistent-uploads") };

  it("makes the member gone at once: no sign-in, profile, card, topic or posts, while their rows remain", async () => {
    const db = database.db;
    const cast = await spammer(db);
    await db.execute(sql`INSERT INTO bio_cards (user_id, is_public) VALUES (${cast.doomed.id}, true)`);
    const reader = { id: cast.reader.id, createdAt: cast.reader.createdAt };
    expect((await listTopicPosts(db, cast.busy.id, { limit: 100 })).length).toBe(100);
    expect(await findPublicCard(db, cast.doomed.username)).toBeDefined();

    const { job, deletedData } = await startMemberDeletion(db, { userId: cast.doomed.id, requestedBy: null, content: "purge" });
    expect(deletedData).toEqual({ posts: SPAM_POSTS + OWN_TOPIC_POSTS, topics: 1, comments: 2, messages: 0 });
    expect(job).toMatchObject({ postsDone: 0, postsTotal: SPAM_POSTS + OWN_TOPIC_POSTS, finishedAt: null });

    expect((await db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, cast.doomed.id))).length).toBeGreaterThan(SPAM_POSTS);
    await expect(createCredentialChecker(db, 10)(cast.doomed.username, PASSWORD)).rejects.toMatchObject({ status: 401 });
    expect(await findUserByUsername(db, cast.doomed.username)).toBeUndefined();
    expect(await findPublicCard(db, cast.doomed.username)).toBeUndefined();
    expect((await listTopicPosts(db, cast.busy.id, { limit: 100 })).map((post) => post.authorId)).toEqual([cast.friend.id, cast.other.id]);
    expect(await findTopic(db, cast.own.id)).toBeUndefined();
    expect(await listTopicPosts(db, cast.own.id, { limit: 100 })).toEqual([]);
    expect((await listTopics(db, reader, { limit: 50 }, OPEN_ONLY_SCOPE)).map((topic) => topic.id)).toEqual([cast.busy.id]);
    await expect(startMemberDeletion(db, { userId: cast.doomed.id, requestedBy: null, content: "purge" })).rejects.toMatchObject({ status: 404 });

    while (!(await runDeletionBatch(db, settings, job.id))!.finished);
    await expectDeletedToTheEnd(db, cast);
  });

  it("leaves counters and notifications exact after a batch, and a job worker starting later finishes a deletion cut off after one", async () => {
    const db = database.db;
    const cast = await spammer(db);
    const { job } = await startMemberDeletion(db, { userId: cast.doomed.id, requestedBy: null, content: "purge" });

    // The process that started the deletion dies after one batch: two comments and 98 posts. The
    // next batch's job was queued with it, one job for the deletion.
    expect(await runDeletionBatch(db, settings, job.id)).toEqual({ jobId: job.id, postsRemoved: BATCH_SIZE - 2, finished: false });
    expect(await db.select().from(memberDeletions).where(eq(memberDeletions.id, job.id))).toMatchObject([{ postsDone: BATCH_SIZE - 2, finishedAt: null }]);
    const jobsOf = async () => (await queuedJobs(db, TASKS.memberDeletion)).filter((queued) => queued.key === `${TASKS.memberDeletion}:${job.id}`);
    expect(await jobsOf()).toMatchObject([{ attempts: 0, lockedAt: null }]);
    await expectCountersExact(db);
    await expectUnreadRepliesExact(db);

    // The next process to start takes the job, and the deletion goes on batch after batch to its end.
    const { logger, whenFinished } = finishedJobs();
    const tasks = { [TASKS.memberDeletion]: runMemberDeletion(db, settings, logger) };
    const worker = startJobWorker({ connectionString: database.appUrl, tasks, logger, metrics: { ran() {}, gaveUp() {} } });
    await whenFinished(job.id);
    await worker.stop();
    await expectDeletedToTheEnd(db, cast);
    expect(await jobsOf()).toEqual([]);
  });

  it("anonymizes batch by batch too: every post stays, credited to nobody, every counter exact after each batch", async () => {
    const db = database.db;
    const cast = await spammer(db);
    const { job, deletedData } = await startMemberDeletion(db, { userId: cast.doomed.id, requestedBy: null, content: "anonymize" });
    expect(deletedData).toEqual({ posts: 0, topics: 0, comments: 1, messages: 0 });
    const ownPosts = SPAM_POSTS + (OWN_TOPIC_POSTS * 2) / 3;
    expect(job).toMatchObject({ content: "anonymize", postsTotal: ownPosts });
    let batches = 0;
    for (;;) {
      const outcome = (await runDeletionBatch(db, settings, job.id))!;
      batches += 1;
      await expectCountersExact(db);
      if (outcome.finished) break;
    }
    expect(batches).toBeGreaterThan(ownPosts / BATCH_SIZE);
    expect(await db.select().from(users).where(eq(users.id, cast.doomed.id))).toEqual([]);
    expect(await db.select({ createdBy: topics.createdBy, postsCount: topics.postsCount }).from(topics).where(eq(topics.id, cast.own.id))).toEqual([
      { createdBy: null, postsCount: OWN_TOPIC_POSTS },
    ]);
    expect(await db.select({ postsCount: topics.postsCount }).from(topics).where(eq(topics.id, cast.busy.id))).toEqual([{ postsCount: SPAM_POSTS + 2 }]);
    expect(await readUser(db, cast.reader.id)).toMatchObject({ postsCount: OWN_TOPIC_POSTS / 3 });
    const [{ anonymous }] = (await db.execute<{ anonymous: number }>(sql`SELECT count(*)::int AS anonymous FROM posts WHERE author_id IS NULL`)).rows as [{ anonymous: number }];
    expect(anonymous).toBeGreaterThanOrEqual(ownPosts);
    expect(await db.select().from(memberDeletions).where(eq(memberDeletions.id, job.id))).toMatchObject([{ postsDone: ownPosts, postsTotal: ownPosts }]);
    await expectUnreadRepliesExact(db);
  });

  it("lets one batch at a time work a deletion: one held elsewhere is skipped, and two processes share one without repeating a row", async () => {
    const db = database.db;
    const cast = await spammer(db);
    const { job } = await startMemberDeletion(db, { userId: cast.doomed.id, requestedBy: null, content: "purge" });

    // Another process is in the middle of a batch of this job: this one does not wait for it, nor touch the job.
    const elsewhere = new pg.Client({ connectionString: database.url });
    await elsewhere.connect();
    try {
      await elsewhere.query("BEGIN");
      await elsewhere.query("SELECT id FROM member_deletions WHERE id = $1 FOR UPDATE", [job.id]);
      expect(await runDeletionBatch(db, settings, job.id)).toBeNull();
      await elsewhere.query("COMMIT");
    } finally {
      await elsewhere.end();
    }
    expect(await db.select().from(memberDeletions).where(eq(memberDeletions.id, job.id))).toMatchObject([{ postsDone: 0 }]);

    // Two processes at once: every post is counted by exactly one batch.
    const outcomes: BatchOutcome[] = [];
    const drain = async () => {
      let outcome;
      while ((outcome = await runDeletionBatch(db, settings, job.id))) outcomes.push(outcome);
    };
    await Promise.all([drain(), drain()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.postsRemoved, 0)).toBe(SPAM_POSTS + OWN_TOPIC_POSTS);
    expect(outcomes.filter((outcome) => outcome.finished)).toHaveLength(1);
    await expectDeletedToTheEnd(db, cast);
  });
});

describe("deleting a member with many posts through the admin API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MEMBER_DELETION_BATCH_SIZE: String(BATCH_SIZE) });
  });
  afterAll(() => t.close());

  it("answers at once with the member gone, and the admin watches the deletion finish", async () => {
    const db = t.database.db;
    const cast = await spammer(db);
    const admin = await signedInAgent(t.app, (await insertMember(db, { isAdmin: true })).username);
    const doomedAgent = await signedInAgent(t.app, cast.doomed.username);
    const friendAgent = await signedInAgent(t.app, cast.friend.username);

    // A spammer: purged, their topic with the reader's posts in it.
    const res = await admin.delete(`/api/admin/users/${cast.doomed.id}`).send({ content: "purge" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "User deleted", content: "purge", deletedData: { posts: SPAM_POSTS + OWN_TOPIC_POSTS, topics: 1, comments: 2, messages: 0 } });

    expect((await doomedAgent.get("/api/auth/user")).status).toBe(401);
    expect((await request(t.app).post("/api/auth/login").send({ username: cast.doomed.username, password: PASSWORD })).status).toBe(401);
    expect((await friendAgent.get(`/api/users/${cast.doomed.username}`)).status).toBe(404);
    expect((await friendAgent.get(`/api/topics/${cast.own.id}`)).status).toBe(404);
    expect((await friendAgent.get(`/api/topics/${cast.own.id}/posts`)).status).toBe(404);
    const page = await friendAgent.get(`/api/topics/${cast.busy.id}/posts`);
    expect(page.body.map((post: { authorUsername: string }) => post.authorUsername)).toEqual([cast.friend.username, cast.other.username]);
    expect((await admin.delete(`/api/admin/users/${cast.doomed.id}`)).status).toBe(404);

    expect((await friendAgent.get(`/api/admin/users/${cast.doomed.id}/deletion`)).status).toBe(403);
    let deletion = (await admin.get(`/api/admin/users/${cast.doomed.id}/deletion`)).body;
    expect(deletion).toMatchObject({ userId: cast.doomed.id, username: cast.doomed.username, postsTotal: SPAM_POSTS + OWN_TOPIC_POSTS });
    // The batch jobs go on in the background; each look costs a request, so a few hundred are ample.
    for (let look = 0; look < 2_000 && deletion.status !== "done"; look++) {
      const next = (await admin.get(`/api/admin/users/${cast.doomed.id}/deletion`)).body;
      expect(next.postsDone).toBeGreaterThanOrEqual(deletion.postsDone);
      deletion = next;
    }
    expect(deletion).toMatchObject({ status: "done", postsDone: SPAM_POSTS + OWN_TOPIC_POSTS });
    expect(deletion.finishedAt).not.toBeNull();
    await expectDeletedToTheEnd(db, cast);
    expect((await admin.get("/api/admin/users/999999/deletion")).status).toBe(404);
  });

  it("signs out a deleted member even by a session their deletion did not end (a sign-in racing it)", async () => {
    const db = t.database.db;
    const racing = await insertMember(db);
    const agent = await signedInAgent(t.app, racing.username);
    // As if they signed in between the deletion's start and its end of their sessions.
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, racing.id));
    expect((await agent.get("/api/auth/user")).status).toBe(401);
  });
});
