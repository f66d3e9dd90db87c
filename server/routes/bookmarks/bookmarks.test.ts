import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKMARKS_PER_MEMBER } from "@shared/constants";
import { notificationText } from "@shared/notification-text";
import { REMIND_AT_PAST } from "@shared/schemas/bookmarks";
import type { Bookmark, BookmarksPage, Notification, Post } from "@shared/types";
import { BOOKMARKS_FULL, reminderJobKey } from "../../commands/bookmarks";
import { remindOfBookmark } from "../../commands/bookmark-reminder-job";
import { startMemberDeletion } from "../../commands/delete-user";
import { JOBS_SCHEMA } from "../../db/migrate";
import { bookmarks, notifications } from "../../db/schema";
import { TASKS } from "../../jobs/tasks";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, insertPosts, signedInAgent, type Agent } from "../../test/fixtures";
import { jobsSettled, queuedJobs } from "../../test/jobs";

const HOUR = 3_600_000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

/** docs/product.md "Bookmarks and reminders". */
describe("bookmarks", () => {
  let t: TestApp;
  let alice: Agent;
  let aliceId: number;
  let bob: Agent;
  let bobId: number;
  let topicId: number;

  const newMember = async () => {
    const member = await insertMember(t.database.db);
    return { id: member.id, username: member.username, agent: await signedInAgent(t.app, member.username) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent: alice, id: aliceId } = await newMember());
    ({ agent: bob, id: bobId } = await newMember());
    topicId = (await alice.post("/api/topics").send({ title: "Worth keeping" })).body.id;
  });
  afterAll(() => t.close());

  const newPost = async (content = "Keep this") => ((await alice.post(`/api/topics/${topicId}/posts`).send({ content })).body as Post).id;
  const put = (agent: Agent, postId: number, body: object = {}) => agent.put(`/api/bookmarks/posts/${postId}`).send(body);
  const list = async (agent: Agent, cursor?: string) => {
    const res = await agent.get("/api/bookmarks").query(cursor ? { cursor } : {});
    expect(res.status).toBe(200);
    return res.body as BookmarksPage;
  };
  const reminderJobs = async (bookmarkId: number) => (await queuedJobs(t.database.db, TASKS.bookmarkReminder)).filter((job) => job.key === reminderJobKey(bookmarkId));
  const reminders = async (userId: number) =>
    t.database.db.select().from(notifications).where(sql`${notifications.userId} = ${userId} AND ${notifications.type} = 'bookmark_reminder'`);
  /** The reminder comes due now: its time and its job's moved to the past, as if the hour had gone by. */
  const comeDue = async (bookmarkId: number) => {
    await t.database.db.update(bookmarks).set({ remindAt: sql`now() - interval '1 second'` }).where(eq(bookmarks.id, bookmarkId));
    const ids = (await reminderJobs(bookmarkId)).map((job) => job.id);
    await t.database.db.execute(sql`SELECT ${sql.raw(JOBS_SCHEMA)}.reschedule_jobs(${sql.param(ids)}::bigint[], run_at := now())`);
  };

  describe("setting, listing and removing", () => {
    it("bookmarks a post, answers it with its topic, and the post carries bookmarked for that reader only", async () => {
      const postId = await newPost();
      const res = await put(bob, postId);
      expect(res.status).toBe(200);
      const { bookmark } = res.body as { bookmark: Bookmark };
      expect(bookmark).toMatchObject({ post: { id: postId, content: "Keep this", bookmarked: true }, topic: { id: topicId, title: "Worth keeping" }, remindAt: null });
      const page = (agent: Agent) => agent.get(`/api/topics/${topicId}/posts?around=${postId}`);
      expect(((await page(bob)).body as Post[]).find((post) => post.id === postId)!.bookmarked).toBe(true);
      expect(((await page(alice)).body as Post[]).find((post) => post.id === postId)!.bookmarked).toBe(false);
      // The edit's answer carries the author's own parts too.
      expect((await alice.patch(`/api/posts/${postId}`).send({ content: "Keep this, edited" })).body.bookmarked).toBe(false);
      expect((await list(bob)).bookmarks[0]).toMatchObject({ id: bookmark.id, post: { id: postId, content: "Keep this, edited" } });
    });

    it("keeps one bookmark of a post however often it is put, and forgets it on DELETE (204, again too)", async () => {
      const postId = await newPost();
      const first = (await put(bob, postId)).body.bookmark as Bookmark;
      const again = (await put(bob, postId)).body.bookmark as Bookmark;
      expect(again.id).toBe(first.id);
      expect(again.createdAt).toBe(first.createdAt);
      expect((await bob.delete(`/api/bookmarks/posts/${postId}`)).status).toBe(204);
      expect((await bob.delete(`/api/bookmarks/posts/${postId}`)).status).toBe(204);
      expect((await list(bob)).bookmarks.map((each) => each.post.id)).not.toContain(postId);
      const page = (await bob.get(`/api/topics/${topicId}/posts?around=${postId}`)).body as Post[];
      expect(page.find((post) => post.id === postId)!.bookmarked).toBe(false);
    });

    it("lists only the member's own, newest first, 20 a page with a cursor", async () => {
      const carol = await newMember();
      const ids = await insertPosts(t.database.db, { topicId, authorId: aliceId, count: 23 });
      for (const id of ids) expect((await put(carol.agent, id)).status).toBe(200);
      const first = await list(carol.agent);
      expect(first.bookmarks.map((each) => each.post.id)).toEqual([...ids].reverse().slice(0, 20));
      expect(first.nextCursor).not.toBeNull();
      const second = await list(carol.agent, first.nextCursor!);
      expect(second.bookmarks.map((each) => each.post.id)).toEqual([...ids].reverse().slice(20));
      expect(second.nextCursor).toBeNull();
      expect((await list(alice)).bookmarks).toEqual([]);
      expect((await carol.agent.get("/api/bookmarks?cursor=nope")).status).toBe(400);
    });

    it("answers 404 for a post that does not exist or is gone with its deleted author; bookmarks of a deleted post disappear", async () => {
      expect((await put(bob, 999_999_999)).status).toBe(404);
      expect((await put(bob, 0)).status).toBe(404);
      const dan = await newMember();
      const dansTopic = (await dan.agent.post("/api/topics").send({ title: "Dan's" })).body.id as number;
      const dansPost = ((await dan.agent.post(`/api/topics/${dansTopic}/posts`).send({ content: "Mine" })).body as Post).id;
      expect((await put(bob, dansPost)).status).toBe(200);
      await startMemberDeletion(t.database.db, { userId: dan.id, requestedBy: null, content: "erase" });
      expect((await put(bob, dansPost)).status).toBe(404);
      expect((await list(bob)).bookmarks.map((each) => each.post.id)).not.toContain(dansPost);

      const postId = await newPost();
      await put(bob, postId, { remindAt: inAnHour() });
      expect((await alice.delete(`/api/posts/${postId}`)).status).toBe(200);
      expect(await t.database.db.select().from(bookmarks).where(eq(bookmarks.postId, postId))).toEqual([]);
    });

    it("refuses a reminder in the past, not a date, too far ahead, or another field (400)", async () => {
      const postId = await newPost();
      const past = await put(bob, postId, { remindAt: new Date(Date.now() - 60_000).toISOString() });
      expect(past.status).toBe(400);
      expect(past.body.message).toBe(REMIND_AT_PAST);
      for (const body of [{ remindAt: "tomorrow" }, { remindAt: 5 }, { remindAt: "2026-13-01T00:00:00Z" }, { remindAt: "9999-01-01T00:00:00Z" }, { when: inAnHour() }, []]) {
        expect((await put(bob, postId, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await bob.get("/api/bookmarks")).body.bookmarks.map((each: Bookmark) => each.post.id)).not.toContain(postId);
    });

    it("is for signed-in members: 401 signed out", async () => {
      const postId = await newPost();
      expect((await request(t.app).get("/api/bookmarks")).status).toBe(401);
      expect((await request(t.app).put(`/api/bookmarks/posts/${postId}`).send({})).status).toBe(401);
      expect((await request(t.app).delete(`/api/bookmarks/posts/${postId}`)).status).toBe(401);
    });
  });

  it(`keeps at most ${BOOKMARKS_PER_MEMBER} bookmarks a member (409 with a message), while one already kept may still change`, async () => {
    const erin = await newMember();
    const ids = await insertPosts(t.database.db, { topicId, authorId: aliceId, count: BOOKMARKS_PER_MEMBER + 1 });
    await t.database.db.insert(bookmarks).values(ids.slice(0, BOOKMARKS_PER_MEMBER).map((postId) => ({ userId: erin.id, postId })));
    const refused = await put(erin.agent, ids.at(-1)!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOKMARKS_FULL);
    expect((await put(erin.agent, ids[0]!, { remindAt: inAnHour() })).status).toBe(200);
    expect((await erin.agent.delete(`/api/bookmarks/posts/${ids[1]}`)).status).toBe(204);
    expect((await put(erin.agent, ids.at(-1)!)).status).toBe(200);
    // Many at once still stop at the cap.
    const more = await insertPosts(t.database.db, { topicId, authorId: aliceId, count: 5 });
    const answers = await Promise.all(more.map((id) => put(erin.agent, id)));
    expect(answers.every((res) => res.status === 409)).toBe(true);
    const [{ count }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(bookmarks).where(eq(bookmarks.userId, erin.id))) as [{ count: number }];
    expect(count).toBe(BOOKMARKS_PER_MEMBER);
  });

  describe("reminders", () => {
    it("queues one job per bookmark due at the reminder, moves it with a new time, removes it with none or with the bookmark", async () => {
      const postId = await newPost();
      const first = inAnHour();
      const bookmark = (await put(bob, postId, { remindAt: first })).body.bookmark as Bookmark;
      expect(bookmark.remindAt).toBe(first);
      expect((await reminderJobs(bookmark.id)).map((job) => job.runAt.toISOString())).toEqual([first]);
      const later = new Date(Date.now() + 2 * HOUR).toISOString();
      expect((await put(bob, postId, { remindAt: later })).body.bookmark.remindAt).toBe(later);
      expect((await reminderJobs(bookmark.id)).map((job) => job.runAt.toISOString())).toEqual([later]);
      expect((await put(bob, postId, { remindAt: null })).body.bookmark.remindAt).toBeNull();
      expect(await reminderJobs(bookmark.id)).toEqual([]);
      await put(bob, postId, { remindAt: first });
      expect(await reminderJobs(bookmark.id)).toHaveLength(1);
      expect((await put(bob, postId)).body.bookmark.remindAt).toBeNull();
      expect(await reminderJobs(bookmark.id)).toEqual([]);
      await put(bob, postId, { remindAt: first });
      await bob.delete(`/api/bookmarks/posts/${postId}`);
      expect(await reminderJobs(bookmark.id)).toEqual([]);
    });

    it("tells the member once when it comes due, through the notifications, and clears the reminder", async () => {
      const postId = await newPost();
      const bookmark = (await put(bob, postId, { remindAt: inAnHour() })).body.bookmark as Bookmark;
      const unreadBefore = (await bob.get("/api/notifications")).body.unreadCount as number;
      await comeDue(bookmark.id);
      await jobsSettled(t.database.db, [TASKS.bookmarkReminder]);
      const notices = (await bob.get("/api/notifications")).body as { notifications: Notification[]; unreadCount: number };
      const reminder = notices.notifications.find((notice) => notice.type === "bookmark_reminder" && notice.postId === postId)!;
      expect(reminder).toMatchObject({ topicId, topicTitle: "Worth keeping", actor: null, readAt: null });
      expect(notificationText(reminder)).toBe("Reminder: the post you bookmarked in Worth keeping");
      expect(notices.unreadCount).toBe(unreadBefore + 1);
      expect((await list(bob)).bookmarks.find((each) => each.id === bookmark.id)!.remindAt).toBeNull();
      // A reminder is a notification about the post: deleting the post takes it (as its mentions and reactions).
      const otherPost = await newPost();
      const other = (await put(bob, otherPost, { remindAt: inAnHour() })).body.bookmark as Bookmark;
      await comeDue(other.id);
      await jobsSettled(t.database.db, [TASKS.bookmarkReminder]);
      expect((await reminders(bobId)).filter((row) => row.postId === otherPost)).toHaveLength(1);
      await alice.delete(`/api/posts/${otherPost}`);
      expect((await reminders(bobId)).filter((row) => row.postId === otherPost || row.postId === null)).toEqual([]);
      // Run again (at least once): nothing more.
      expect(await remindOfBookmark(t.database.db, bookmark.id)).toBe(false);
      expect((await reminders(bobId)).filter((row) => row.postId === postId)).toHaveLength(1);
    });

    it("does nothing for a reminder removed, moved later, or a bookmark gone by the time its job runs", async () => {
      const [removed, moved, gone] = [await newPost(), await newPost(), await newPost()];
      const ids: number[] = [];
      for (const postId of [removed, moved, gone]) ids.push(((await put(bob, postId, { remindAt: inAnHour() })).body.bookmark as Bookmark).id);
      // What a job that was already running would find: the bookmark's state, not the job, decides.
      await t.database.db.update(bookmarks).set({ remindAt: null }).where(eq(bookmarks.id, ids[0]!));
      expect(await remindOfBookmark(t.database.db, ids[0]!)).toBe(false);
      expect(await remindOfBookmark(t.database.db, ids[1]!)).toBe(false);
      await t.database.db.delete(bookmarks).where(eq(bookmarks.id, ids[2]!));
      expect(await remindOfBookmark(t.database.db, ids[2]!)).toBe(false);
      expect((await reminders(bobId)).filter((row) => [removed, moved, gone].includes(row.postId!))).toEqual([]);
    });

    it("fires once with two server processes' workers on one database", async () => {
      const second = await createTestApp({}, { database: t.database });
      try {
        const frank = await newMember();
        const postIds = await insertPosts(t.database.db, { topicId, authorId: aliceId, count: 10 });
        const ids: number[] = [];
        for (const postId of postIds) ids.push(((await put(frank.agent, postId, { remindAt: inAnHour() })).body.bookmark as Bookmark).id);
        for (const id of ids) await comeDue(id);
        await jobsSettled(t.database.db, [TASKS.bookmarkReminder]);
        const told = await reminders(frank.id);
        expect(told.map((row) => row.postId).sort()).toEqual([...postIds].sort());
        expect(await t.database.db.select().from(bookmarks).where(sql`${bookmarks.userId} = ${frank.id} AND ${bookmarks.remindAt} IS NOT NULL`)).toEqual([]);
      } finally {
        await second.close();
      }
    });

    it("fires once when two runs of one reminder race", async () => {
      const postId = await newPost();
      const bookmark = (await put(bob, postId, { remindAt: inAnHour() })).body.bookmark as Bookmark;
      await t.database.db.update(bookmarks).set({ remindAt: sql`now() - interval '1 second'` }).where(eq(bookmarks.id, bookmark.id));
      const outcomes = await Promise.all([remindOfBookmark(t.database.db, bookmark.id), remindOfBookmark(t.database.db, bookmark.id)]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect((await reminders(bobId)).filter((row) => row.postId === postId)).toHaveLength(1);
    });
  });
});
