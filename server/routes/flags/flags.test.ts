import request from "supertest";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAG_ALREADY_OPEN, FLAG_OWN_CONTENT, FLAGS_PER_DAY, FLAGS_PER_DAY_REACHED } from "@shared/flags";
import type { ActivityItem, Notification, Post, PostRevisions, PostSearchResult, ProfileComment, ReviewItem, ReviewPage } from "@shared/types";
import { flags, moderationLog, posts, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, signedInAgent } from "../../test/fixtures";
import { signedInMember, signedInMembers, type Member } from "../../test/signed-in-members";

/** docs/product.md "Moderation by the community": flags, hiding, the review queue. */
describe("flags and the review queue", () => {
  let t: TestApp;
  let author: Member;
  let moderator: Member;
  let admin: Member;

  beforeAll(async () => {
    t = await createTestApp();
    author = await signedInMember(t);
    moderator = await signedInMember(t, { isModerator: true });
    admin = await signedInMember(t, { isAdmin: true });
  });
  afterAll(() => t.close());

  let words = 0;
  /** A post whose text is a word nobody else wrote, so search can look for it. */
  const newPost = async (by: Member = author) => {
    const secret = `zebrafinch${++words}x`;
    const topic = (await by.agent.post("/api/topics").send({ title: "A topic" })).body as { id: number };
    const post = (await by.agent.post(`/api/topics/${topic.id}/posts`).send({ content: `Something ${secret} here` })).body as Post;
    return { ...post, secret };
  };
  const flag = (by: Member, targetType: string, targetId: number | string, reason = "spam", note?: string) =>
    by.agent.post("/api/flags").send({ targetType, targetId, reason, ...(note === undefined ? {} : { note }) });
  const postAs = async (viewer: Member, post: { id: number; topicId: number }) =>
    ((await viewer.agent.get(`/api/topics/${post.topicId}/posts`)).body as Post[]).find((shown) => shown.id === post.id)!;
  const hiddenShape = { hidden: true, content: "", html: "" };
  const pending = async () => (await moderator.agent.get("/api/review")).body as ReviewPage;
  /** The target's item in the queue, read page by page. */
  const itemOf = async (targetType: string, targetId: number | string, status = "pending") => {
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = (await moderator.agent.get(`/api/review?status=${status}${cursor ? `&cursor=${cursor}` : ""}`)).body as ReviewPage;
      const item = page.items.find((each) => each.targetType === targetType && each.targetId === targetId);
      if (item) return item;
      cursor = page.nextCursor;
    }
    return undefined;
  };

  describe("POST /api/flags", () => {
    it("takes a flag on a post (201) and shows the post as before until enough members flag it", async () => {
      const post = await newPost();
      const [flagger, reader] = await signedInMembers(t, 2);
      const res = await flag(flagger!, "post", post.id);
      expect(res.status).toBe(201);
      expect(await postAs(reader!, post)).toMatchObject({ hidden: false, content: post.content });
    });

    it("refuses one's own content (403)", async () => {
      const post = await newPost();
      const res = await flag(author, "post", post.id);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(FLAG_OWN_CONTENT);
    });

    it("refuses a second open flag by the same member on the same target (409)", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      expect((await flag(flagger!, "post", post.id)).status).toBe(201);
      const again = await flag(flagger!, "post", post.id, "inappropriate");
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(FLAG_ALREADY_OPEN);
    });

    it("answers 404 for a target the caller cannot see", async () => {
      const [flagger, other] = await signedInMembers(t, 2);
      // A message of a conversation the caller is not in.
      const conversation = (await author.agent.post("/api/conversations").send({ usernames: [other!.username], content: "Private" })).body as {
        lastMessage: { id: number };
      };
      expect((await flag(flagger!, "message", conversation.lastMessage.id)).status).toBe(404);
      // ... which one of its members may flag.
      expect((await flag(other!, "message", conversation.lastMessage.id)).status).toBe(201);
      // A deleted post.
      const post = await newPost();
      await author.agent.delete(`/api/posts/${post.id}`);
      expect((await flag(flagger!, "post", post.id)).status).toBe(404);
      // A card that is not public, and no card at all.
      const owner = await signedInMember(t);
      await owner.agent.post("/api/bio");
      await owner.agent.patch("/api/bio").send({ isPublic: false });
      expect((await flag(flagger!, "card", owner.username)).status).toBe(404);
      expect((await flag(flagger!, "card", flagger!.username === owner.username ? "x" : (await signedInMember(t)).username)).status).toBe(404);
      // A comment that does not exist; a post id that names nothing.
      expect((await flag(flagger!, "comment", 2_000_000_000)).status).toBe(404);
      expect((await flag(flagger!, "post", "abc")).status).toBe(404);
      expect((await flag(flagger!, "post", "9999999999")).status).toBe(404);
      expect((await flag(flagger!, "post", 2 ** 31)).status).toBe(400);
    });

    it("needs a note for the reason other, of at most 500 characters (400)", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      expect((await flag(flagger!, "post", post.id, "other")).status).toBe(400);
      expect((await flag(flagger!, "post", post.id, "other", "x".repeat(501))).status).toBe(400);
      expect((await flag(flagger!, "post", post.id, "bogus")).status).toBe(400);
      expect((await flag(flagger!, "post", post.id, "other", "Looks like an advert")).status).toBe(201);
    });

    it(`allows ${FLAGS_PER_DAY} flags a day: the next is 429 with Retry-After`, async () => {
      const [flagger] = await signedInMembers(t, 1);
      const targets = await Promise.all(Array.from({ length: FLAGS_PER_DAY + 1 }, () => newPost()));
      for (const target of targets.slice(0, FLAGS_PER_DAY)) expect((await flag(flagger!, "post", target.id)).status).toBe(201);
      const over = await flag(flagger!, "post", targets.at(-1)!.id);
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(FLAGS_PER_DAY_REACHED);
      const retryAfter = Number(over.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
      // Flags older than a day no longer count.
      await t.database.db.update(flags).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(flags.flaggerId, flagger!.id));
      expect((await flag(flagger!, "post", targets.at(-1)!.id)).status).toBe(201);
    });

    it("refuses a silenced member (403) and a signed-out caller (401)", async () => {
      const post = await newPost();
      const silenced = await signedInMember(t, { silencedUntil: new Date(Date.now() + 86_400_000) });
      expect((await flag(silenced, "post", post.id)).status).toBe(403);
      expect((await request(t.app).post("/api/flags").send({ targetType: "post", targetId: post.id, reason: "spam" })).status).toBe(401);
    });
  });

  describe("hiding", () => {
    it("hides a post at exactly 3 distinct flaggers: the hidden shape for others, the text for its author and staff", async () => {
      const post = await newPost();
      const [first, second, third, reader] = await signedInMembers(t, 4);
      await flag(first!, "post", post.id);
      await flag(second!, "post", post.id, "off_topic");
      expect(await postAs(reader!, post)).toMatchObject({ hidden: false, content: post.content });
      await flag(third!, "post", post.id, "inappropriate");
      expect(await postAs(reader!, post)).toMatchObject(hiddenShape);
      expect(await postAs(author, post)).toMatchObject({ hidden: true, content: post.content, html: post.html });
      expect(await postAs(moderator, post)).toMatchObject({ hidden: true, content: post.content });
      expect(await postAs(admin, post)).toMatchObject({ hidden: true, content: post.content });
    });

    it("hides at once when one staff member flags", async () => {
      const post = await newPost();
      const [reader] = await signedInMembers(t, 1);
      expect((await flag(moderator, "post", post.id)).status).toBe(201);
      expect(await postAs(reader!, post)).toMatchObject(hiddenShape);
    });

    it("keeps the hidden text out of the around page, revisions, search and activity", async () => {
      const post = await newPost();
      await author.agent.patch(`/api/posts/${post.id}`).send({ content: `Edited ${post.secret} again` });
      const [reader] = await signedInMembers(t, 1);
      // Found before it is hidden.
      const found = async (viewer: Member) =>
        ((await viewer.agent.get(`/api/search?q=${post.secret}&type=posts`)).body.results as PostSearchResult[]).some((result) => result.postId === post.id);
      expect(await found(reader!)).toBe(true);
      await flag(moderator, "post", post.id);

      const around = (await reader!.agent.get(`/api/topics/${post.topicId}/posts?around=${post.id}`)).body as Post[];
      expect(around.find((shown) => shown.id === post.id)).toMatchObject(hiddenShape);
      const revisions = (await reader!.agent.get(`/api/posts/${post.id}/revisions`)).body as PostRevisions;
      expect(revisions.revisions).toHaveLength(2);
      expect(JSON.stringify(revisions)).not.toContain(post.secret);
      expect(JSON.stringify((await author.agent.get(`/api/posts/${post.id}/revisions`)).body)).toContain(post.secret);
      expect(await found(reader!)).toBe(false);
      const activity = (await reader!.agent.get(`/api/users/${author.username}/activity`)).body.items as ActivityItem[];
      expect(activity.find((item) => item.type === "post" && item.id === post.id)!.content).toBe("");
      const ownActivity = (await author.agent.get(`/api/users/${author.username}/activity`)).body.items as ActivityItem[];
      expect(ownActivity.find((item) => item.type === "post" && item.id === post.id)!.content).toContain(post.secret);
    });

    it("keeps the hidden text out of the notifications of a mention, reply and reaction (they carry no text)", async () => {
      const [reader] = await signedInMembers(t, 1);
      const topic = (await reader!.agent.post("/api/topics").send({ title: "Mine" })).body as { id: number };
      await reader!.agent.post(`/api/topics/${topic.id}/posts`).send({ content: "First" });
      const post = (await author.agent.post(`/api/topics/${topic.id}/posts`).send({ content: `Hey @${reader!.username} quietsecretword` })).body as Post;
      await flag(moderator, "post", post.id);
      const notices = (await reader!.agent.get("/api/notifications")).body.notifications as Notification[];
      expect(notices.length).toBeGreaterThan(0);
      expect(JSON.stringify(notices)).not.toContain("quietsecretword");
    });

    it("hides a profile comment the same way", async () => {
      const owner = await signedInMember(t);
      const comment = (await author.agent.post(`/api/users/${owner.id}/comments`).send({ content: "Nasty remark" })).body as ProfileComment;
      const [first, second, third] = await signedInMembers(t, 3);
      for (const flagger of [first, second, third]) expect((await flag(flagger!, "comment", comment.id)).status).toBe(201);
      const shown = async (viewer: Member) =>
        ((await viewer.agent.get(`/api/users/${owner.id}/comments`)).body as ProfileComment[]).find((each) => each.id === comment.id)!;
      expect(await shown(owner)).toMatchObject(hiddenShape);
      expect(await shown(author)).toMatchObject({ hidden: true, content: "Nasty remark" });
      expect(await shown(moderator)).toMatchObject({ hidden: true, content: "Nasty remark" });
      const activity = (await owner.agent.get(`/api/users/${author.username}/activity`)).body.items as ActivityItem[];
      expect(activity.find((item) => item.type === "profile_comment" && item.id === comment.id)!.content).toBe("");
    });

    it("makes a flagged card answer as not public (API, page, share image), while its owner sees it marked", async () => {
      const owner = await signedInMember(t, { bio: "The profile's own bio" });
      await owner.agent.post("/api/bio");
      await owner.agent.patch("/api/bio").send({ displayName: "Cheap Watches", bioText: "Buy three, get none free" }).expect(200);
      expect((await request(t.app).get(`/api/bio/${owner.username}`)).status).toBe(200);
      const [first, second, third] = await signedInMembers(t, 3);
      for (const flagger of [first, second, third]) expect((await flag(flagger!, "card", owner.username)).status).toBe(201);
      expect((await request(t.app).get(`/api/bio/${owner.username}`)).status).toBe(404);
      expect((await request(t.app).get(`/${owner.username}`)).status).toBe(404);
      expect((await request(t.app).get(`/${owner.username}/og.png`)).status).toBe(404);
      expect((await owner.agent.get("/api/bio/settings")).body.bioCard).toMatchObject({ hidden: true });
      // Kept by a moderator: public again.
      const item = (await itemOf("card", owner.username))!;
      expect(item.flags).toHaveLength(3);
      // Staff read what the card shows: its name and its own description.
      expect(item.target).toMatchObject({ excerpt: "Cheap Watches: Buy three, get none free" });
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "keep" })).status).toBe(200);
      expect((await request(t.app).get(`/api/bio/${owner.username}`)).status).toBe(200);
      expect((await owner.agent.get("/api/bio/settings")).body.bioCard).toMatchObject({ hidden: false });
    });
  });

  describe("the review queue", () => {
    it("is staff's only (403 to a member)", async () => {
      const [plain] = await signedInMembers(t, 1);
      expect((await plain!.agent.get("/api/review")).status).toBe(403);
      expect((await plain!.agent.get("/api/review/count")).status).toBe(403);
      expect((await plain!.agent.post("/api/review/1").send({ action: "keep" })).status).toBe(403);
      expect((await admin.agent.get("/api/review")).status).toBe(200);
    });

    it("lists one item per target with every flag, oldest pending first, and the pending count", async () => {
      const older = await newPost();
      const newer = await newPost();
      const [first, second] = await signedInMembers(t, 2);
      await flag(first!, "post", older.id, "other", "An advert");
      await flag(first!, "post", newer.id);
      await flag(second!, "post", older.id, "spam");
      const page = await pending();
      expect(page.pendingCount).toBe((await moderator.agent.get("/api/review/count")).body.pendingCount);
      const [olderItem, newerItem] = [(await itemOf("post", older.id))!, (await itemOf("post", newer.id))!];
      expect(olderItem.id).toBeLessThan(newerItem.id);
      expect(page.items.map((item) => item.id)).toEqual([...page.items.map((item) => item.id)].sort((a, b) => a - b));
      expect(Date.parse(page.items[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(page.items.at(-1)!.createdAt));
      const item = olderItem;
      expect(item).toMatchObject({
        targetType: "post",
        status: "pending",
        target: { authorUsername: author.username, url: `/topic/${older.topicId}?post=${older.id}` },
        flags: [
          { reason: "other", note: "An advert", byUsername: first!.username },
          { reason: "spam", note: null, byUsername: second!.username },
        ],
      });
      expect(item.target.excerpt).toContain(older.secret);
      const resolvedPage = (await moderator.agent.get("/api/review?status=resolved")).body as ReviewPage;
      expect(resolvedPage.items.every((each) => each.status === "resolved")).toBe(true);
    });

    it("hiding and keeping a post leave its updatedAt and its history as written", async () => {
      const post = await newPost();
      await flag(moderator, "post", post.id);
      expect((await moderator.agent.post(`/api/review/${(await itemOf("post", post.id))!.id}`).send({ action: "keep" })).status).toBe(200);
      expect((await postAs(author, post)).updatedAt).toBe(post.updatedAt);
      const { revisions } = (await author.agent.get(`/api/posts/${post.id}/revisions`)).body as PostRevisions;
      expect(revisions.map(({ version, editedAt }) => ({ version, editedAt }))).toEqual([{ version: 1, editedAt: post.createdAt }]);
      // Edited after it was hidden and kept: the first version is dated when it was written.
      await author.agent.patch(`/api/posts/${post.id}`).send({ content: "Rewritten" }).expect(200);
      const after = (await author.agent.get(`/api/posts/${post.id}/revisions`)).body as PostRevisions;
      expect(after.revisions.at(-1)).toMatchObject({ version: 1, editedAt: post.createdAt });
    });

    it("keep shows the post again, resolves every flag on it, and a new flag opens a new item", async () => {
      const post = await newPost();
      const [first, second, third, reader] = await signedInMembers(t, 4);
      for (const flagger of [first, second, third]) await flag(flagger!, "post", post.id);
      expect(await postAs(reader!, post)).toMatchObject(hiddenShape);
      const item = (await itemOf("post", post.id))!;
      const before = (await pending()).pendingCount;
      const res = await moderator.agent.post(`/api/review/${item.id}`).send({ action: "keep", note: "Fine" });
      expect(res.status).toBe(200);
      expect(res.body.pendingCount).toBe(before - 1);
      expect(await postAs(reader!, post)).toMatchObject({ hidden: false, content: post.content });
      expect(await itemOf("post", post.id)).toBeUndefined();
      expect(await itemOf("post", post.id, "resolved")).toMatchObject({ id: item.id, status: "resolved", action: "keep", note: "Fine" });
      // Deciding it twice is refused.
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "hide" })).status).toBe(409);
      // The flags were resolved with it: the same member may flag again, which opens a new item.
      expect((await flag(first!, "post", post.id)).status).toBe(201);
      const reopened = (await itemOf("post", post.id))!;
      expect(reopened.id).not.toBe(item.id);
      expect(reopened.flags).toHaveLength(1);
      const [log] = await t.database.db.select().from(moderationLog).where(eq(moderationLog.action, "review_keep")).orderBy(sql`id DESC`).limit(1);
      expect(log).toMatchObject({ moderatorUsername: moderator.username, targetType: "post", reason: "Fine" });
      expect(log!.targetLabel).not.toContain(post.secret);
    });

    it("hide keeps it hidden and tells the author (moderation notification); the log never quotes the text", async () => {
      const post = await newPost();
      const [flagger, reader] = await signedInMembers(t, 2);
      await flag(flagger!, "post", post.id);
      const item = (await itemOf("post", post.id))!;
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "hide" })).status).toBe(200);
      expect(await postAs(reader!, post)).toMatchObject(hiddenShape);
      const notices = (await author.agent.get("/api/notifications")).body.notifications as Notification[];
      expect(notices.find((notice) => notice.type === "moderation" && notice.postId === post.id)).toMatchObject({
        moderationAction: "post_hide",
        topicId: post.topicId,
      });
      const [log] = await t.database.db.select().from(moderationLog).where(eq(moderationLog.action, "review_hide")).orderBy(sql`id DESC`).limit(1);
      expect(log!.targetLabel).toBe(`post #${post.id} by @${author.username}`);
    });

    it("delete removes the post through the delete command (counts) and tells the author", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      await flag(flagger!, "post", post.id);
      const item = (await itemOf("post", post.id))!;
      const countBefore = (await t.database.db.select({ postsCount: users.postsCount }).from(users).where(eq(users.id, author.id)))[0]!.postsCount;
      expect((await moderator.agent.post(`/api/review/${item.id}`).send({ action: "delete" })).status).toBe(200);
      expect(await t.database.db.select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
      expect((await t.database.db.select({ postsCount: users.postsCount }).from(users).where(eq(users.id, author.id)))[0]!.postsCount).toBe(countBefore - 1);
      const notices = (await author.agent.get("/api/notifications")).body.notifications as Notification[];
      expect(notices.some((notice) => notice.type === "moderation" && notice.moderationAction === "post_delete" && notice.topicId === post.topicId)).toBe(true);
      const resolved = (await itemOf("post", post.id, "resolved")) as ReviewItem;
      expect(resolved).toMatchObject({ action: "delete", target: { excerpt: "", url: null } });
    });

    it("answers 404 for an item that does not exist and 400 for an unknown action", async () => {
      expect((await moderator.agent.post("/api/review/2000000000").send({ action: "keep" })).status).toBe(404);
      expect((await moderator.agent.post("/api/review/1").send({ action: "ban" })).status).toBe(400);
      expect((await moderator.agent.get("/api/review?cursor=abc")).status).toBe(400);
      expect((await moderator.agent.get("/api/review?cursor=9999999999")).status).toBe(400);
    });
  });
});

describe("FLAGS_TO_HIDE", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FLAGS_TO_HIDE: "2" });
  });
  afterAll(() => t.close());

  it("sets how many distinct members' flags hide a post", async () => {
    const member = async () => {
      const row = await insertMember(t.database.db);
      return signedInAgent(t.app, row.username);
    };
    const [author, first, second, reader] = [await member(), await member(), await member(), await member()];
    const topic = (await author.post("/api/topics").send({ title: "Setting" })).body as { id: number };
    const post = (await author.post(`/api/topics/${topic.id}/posts`).send({ content: "Two flags are enough here" })).body as Post;
    const shown = async () => ((await reader.get(`/api/topics/${topic.id}/posts`)).body as Post[]).find((each) => each.id === post.id)!;
    await first.post("/api/flags").send({ targetType: "post", targetId: post.id, reason: "spam" });
    expect(await shown()).toMatchObject({ hidden: false });
    await second.post("/api/flags").send({ targetType: "post", targetId: post.id, reason: "spam" });
    expect(await shown()).toMatchObject({ hidden: true, content: "", html: "" });
  });
});
