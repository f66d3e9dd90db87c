import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAG_ALREADY_OPEN } from "@shared/flags";
import { notificationHref, notificationText } from "@shared/notification-text";
import type { Notification, Post, ProfileComment, ReviewPage, TopicDetail } from "@shared/types";
import { listUnreadNotifications } from "../../queries/notifications";
import { presentNotification } from "../../presenters/notification";
import { presentNotificationPush } from "../../presenters/push";
import { unreadMail } from "../../mail/templates";
import { createTestApp, type TestApp } from "../../test/app";
import { signedInMember, signedInMembers, type Member } from "../../test/signed-in-members";

/**
 * The moderation loop (docs/product.md "Moderation by the community", docs/decisions/066-the-moderation-loop.md):
 * what the author and the flaggers are told, and a flag's state for its flagger.
 */
describe("the moderation loop", () => {
  let t: TestApp;
  let author: Member;
  let moderator: Member;

  beforeAll(async () => {
    t = await createTestApp();
    author = await signedInMember(t);
    moderator = await signedInMember(t, { isModerator: true });
  });
  afterAll(() => t.close());

  const newPost = async () => {
    const topic = (await author.agent.post("/api/topics").send({ title: "A topic" })).body as { id: number };
    return (await author.agent.post(`/api/topics/${topic.id}/posts`).send({ content: "Cheap watches here" })).body as Post;
  };
  const flag = (by: Member, targetType: string, targetId: number | string, reason = "spam", note?: string) =>
    by.agent.post("/api/flags").send({ targetType, targetId, reason, ...(note === undefined ? {} : { note }) });
  const notices = async (member: Member) => (await member.agent.get("/api/notifications")).body.notifications as Notification[];
  const itemOf = async (targetType: string, targetId: number | string) => {
    const page = (await moderator.agent.get("/api/review")).body as ReviewPage;
    let cursor = page.nextCursor;
    let found = page.items.find((each) => each.targetType === targetType && each.targetId === targetId);
    while (!found && cursor !== null) {
      const next = (await moderator.agent.get(`/api/review?cursor=${cursor}`)).body as ReviewPage;
      found = next.items.find((each) => each.targetType === targetType && each.targetId === targetId);
      cursor = next.nextCursor;
    }
    return found!;
  };
  const decide = (itemId: number, action: string, note?: string) => moderator.agent.post(`/api/review/${itemId}`).send({ action, ...(note ? { note } : {}) });
  const postAs = async (viewer: Member, post: { id: number; topicId: number }) =>
    ((await viewer.agent.get(`/api/topics/${post.topicId}/posts`)).body as Post[]).find((shown) => shown.id === post.id)!;

  describe("when flags hide a member's content", () => {
    it("tells the author once, with the flags' main reason and a link to the post, from staff unnamed", async () => {
      const post = await newPost();
      const [first, second, third, fourth] = await signedInMembers(t, 4);
      await flag(first!, "post", post.id, "off_topic");
      await flag(second!, "post", post.id, "inappropriate");
      expect((await notices(author)).filter((notice) => notice.type === "moderation" && notice.postId === post.id)).toEqual([]);
      await flag(third!, "post", post.id, "inappropriate");
      await flag(fourth!, "post", post.id, "spam");
      const told = (await notices(author)).filter((notice) => notice.type === "moderation" && notice.postId === post.id);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ moderationAction: "post_flagged", moderationReason: "inappropriate", moderationNote: null, actor: null, topicId: post.topicId, readAt: null });
      expect(notificationText(told[0]!)).toBe("Your post was hidden after flags from the community until staff review it (reason: Inappropriate)");
      expect(notificationHref(told[0]!)).toBe(`/topic/${post.topicId}?post=${post.id}`);
    });

    it("tells the author when a staff flag hides it, and of a comment with a link to the profile it is on", async () => {
      const post = await newPost();
      await flag(moderator, "post", post.id, "spam");
      expect((await notices(author)).find((notice) => notice.postId === post.id && notice.type === "moderation")).toMatchObject({ moderationAction: "post_flagged", moderationReason: "spam" });
      const owner = await signedInMember(t);
      const comment = (await author.agent.post(`/api/users/${owner.id}/comments`).send({ content: "Rude remark" })).body as ProfileComment;
      await flag(moderator, "comment", comment.id, "inappropriate");
      const told = (await notices(author)).find((notice) => notice.type === "moderation" && notice.moderationAction === "comment_flagged")!;
      expect(told).toMatchObject({ profileUsername: owner.username, moderationReason: "inappropriate" });
      expect(notificationHref(told)).toBe(`/user/${owner.username}`);
    });

    it("does not tell of a flag that hides nothing (a message has no hidden state)", async () => {
      const conversation = (await author.agent.post("/api/conversations").send({ usernames: [moderator.username], content: "Buy my watches" })).body as { id: number };
      const list = ((await moderator.agent.get(`/api/conversations/${conversation.id}/messages`)).body as { messages: { id: number }[] }).messages;
      expect((await flag(moderator, "message", list[0]!.id)).status).toBe(201);
      expect((await notices(author)).filter((notice) => notice.moderationAction?.startsWith("message_"))).toEqual([]);
      // The flagger's page marks it flagged; the other participant's does not.
      const seenBy = async (member: Member) =>
        ((await member.agent.get(`/api/conversations/${conversation.id}/messages`)).body as { messages: { id: number; viewerFlagged: boolean }[] }).messages[0]!.viewerFlagged;
      expect(await seenBy(moderator)).toBe(true);
      expect(await seenBy(author)).toBe(false);
    });
  });

  describe("a review decision", () => {
    it("hide: the author is told the action, the reason and staff's note with a link; each flagger is told staff agreed, with their own reason", async () => {
      const post = await newPost();
      const [first, second] = await signedInMembers(t, 2);
      await flag(first!, "post", post.id, "spam");
      await flag(second!, "post", post.id, "other", "Looks like an advert");
      const item = await itemOf("post", post.id);
      expect((await decide(item.id, "hide", "Advertising is not allowed")).status).toBe(200);
      const told = (await notices(author)).find((notice) => notice.type === "moderation" && notice.moderationAction === "post_hide" && notice.postId === post.id)!;
      expect(told).toMatchObject({ actor: null, topicId: post.topicId, moderationReason: "spam", moderationNote: "Advertising is not allowed" });
      expect(notificationText(told)).toBe("Your post was hidden by a moderator after flags from the community (reason: Spam). Staff note: “Advertising is not allowed”");
      expect(notificationHref(told)).toBe(`/topic/${post.topicId}?post=${post.id}`);
      for (const [flagger, reason] of [
        [first!, "spam"],
        [second!, "other"],
      ] as const) {
        const outcome = (await notices(flagger)).filter((notice) => notice.type === "flag_resolved");
        expect(outcome).toHaveLength(1);
        expect(outcome[0]).toMatchObject({ moderationAction: "post_hide", moderationReason: reason, moderationNote: "Advertising is not allowed", actor: null, postId: post.id });
        expect(notificationText(outcome[0]!)).toContain("Staff agreed with your flag: the post was hidden");
      }
    });

    it("keep: each flagger is told staff disagreed; the author is told nothing of it", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      await flag(flagger!, "post", post.id, "inappropriate");
      const before = (await notices(author)).length;
      expect((await decide((await itemOf("post", post.id)).id, "keep", "It is on topic")).status).toBe(200);
      const outcome = (await notices(flagger!)).find((notice) => notice.type === "flag_resolved")!;
      expect(outcome).toMatchObject({ moderationAction: "post_keep", moderationReason: "inappropriate", moderationNote: "It is on topic", postId: post.id });
      expect(notificationText(outcome)).toBe("Staff reviewed your flag and kept the post (reason: Inappropriate). Staff note: “It is on topic”");
      expect((await notices(author)).length).toBe(before);
    });

    it("delete: the notices open the topic of a deleted post, and the public log once the topic is gone", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      await flag(flagger!, "post", post.id, "spam");
      expect((await decide((await itemOf("post", post.id)).id, "delete", "Spam")).status).toBe(200);
      const told = (await notices(author)).find((notice) => notice.moderationAction === "post_delete" && notice.topicId === post.topicId)!;
      expect(told).toMatchObject({ postId: null, moderationNote: "Spam" });
      expect(notificationHref(told)).toBe(`/topic/${post.topicId}`);
      expect((await notices(flagger!)).find((notice) => notice.type === "flag_resolved")).toMatchObject({ moderationAction: "post_delete", topicId: post.topicId, postId: null });

      const topic = (await author.agent.post("/api/topics").send({ title: "Buy watches", description: "Cheap watches" })).body as { id: number };
      await flag(flagger!, "topic", topic.id, "spam");
      expect((await decide((await itemOf("topic", topic.id)).id, "delete")).status).toBe(200);
      const gone = (await notices(author)).find((notice) => notice.moderationAction === "topic_delete")!;
      expect(gone).toMatchObject({ topicId: null, postId: null });
      expect(notificationHref(gone)).toBe("/moderation");
    });

    it("does not tell the deciding moderator of their own flag's outcome", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      await flag(flagger!, "post", post.id);
      await flag(moderator, "post", post.id);
      expect((await decide((await itemOf("post", post.id)).id, "hide")).status).toBe(200);
      expect((await notices(moderator)).filter((notice) => notice.type === "flag_resolved")).toEqual([]);
      expect((await notices(flagger!)).filter((notice) => notice.type === "flag_resolved")).toHaveLength(1);
    });

    it("reaches mail and push as one text with the action, reason, note and link", async () => {
      const post = await newPost();
      const [flagger] = await signedInMembers(t, 1);
      await flag(flagger!, "post", post.id, "spam");
      await decide((await itemOf("post", post.id)).id, "hide", "No adverts");
      const [row] = (await listUnreadNotifications(t.database.db, author.id, 20)).filter((each) => each.moderationAction === "post_hide" && each.postId === post.id);
      const push = presentNotificationPush(row!, "Community");
      expect(push).toEqual({
        title: "Community",
        body: "Your post was hidden by a moderator after flags from the community (reason: Spam). Staff note: “No adverts”",
        url: `/topic/${post.topicId}?post=${post.id}`,
      });
      const mail = unreadMail({ name: "Community", origin: "https://example.test" } as Parameters<typeof unreadMail>[0], "away", author.username,
        { notifications: [presentNotification(row!)], notificationCount: 1, conversations: [] }, "token");
      expect(mail.text).toContain("Your post was hidden by a moderator after flags from the community (reason: Spam). Staff note: “No adverts”");
      expect(mail.text).toContain(`https://example.test/topic/${post.topicId}?post=${post.id}`);
    });
  });

  describe("viewerFlagged", () => {
    it("marks a post, an opener and a comment as flagged for their flagger alone until staff decide", async () => {
      const post = await newPost();
      const [flagger, other] = await signedInMembers(t, 2);
      expect(await postAs(flagger!, post)).toMatchObject({ viewerFlagged: false });
      await flag(flagger!, "post", post.id);
      expect(await postAs(flagger!, post)).toMatchObject({ viewerFlagged: true });
      expect(await postAs(other!, post)).toMatchObject({ viewerFlagged: false });
      // A second flag is refused as before; the client shows "Flagged" instead of offering it.
      expect((await flag(flagger!, "post", post.id)).body.message).toBe(FLAG_ALREADY_OPEN);

      const opener = (await author.agent.post("/api/topics").send({ title: "Opener", description: "Some text" })).body as { id: number };
      expect((await flagger!.agent.get(`/api/topics/${opener.id}`)).body as TopicDetail).toMatchObject({ viewerFlagged: false });
      await flag(flagger!, "topic", opener.id);
      expect((await flagger!.agent.get(`/api/topics/${opener.id}`)).body as TopicDetail).toMatchObject({ viewerFlagged: true });
      expect((await other!.agent.get(`/api/topics/${opener.id}`)).body as TopicDetail).toMatchObject({ viewerFlagged: false });

      const owner = await signedInMember(t);
      const comment = (await author.agent.post(`/api/users/${owner.id}/comments`).send({ content: "Hello" })).body as ProfileComment;
      const commentAs = async (viewer: Member) =>
        ((await viewer.agent.get(`/api/users/${owner.id}/comments`)).body as ProfileComment[]).find((each) => each.id === comment.id)!;
      await flag(flagger!, "comment", comment.id);
      expect(await commentAs(flagger!)).toMatchObject({ viewerFlagged: true });
      expect(await commentAs(other!)).toMatchObject({ viewerFlagged: false });

      // Decided: the flag is closed, and the member may flag it again.
      await decide((await itemOf("post", post.id)).id, "keep");
      expect(await postAs(flagger!, post)).toMatchObject({ viewerFlagged: false });
    });
  });
});
