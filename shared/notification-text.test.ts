import { describe, expect, it } from "vitest";
import type { Notification } from "./types";
import { moderationParts, notificationHref, notificationText } from "./notification-text";

const reaction = (count: number): Notification => ({
  id: 1,
  type: "reaction",
  createdAt: "2026-11-26T00:00:00.000Z",
  readAt: null,
  actor: { id: 2, username: "bob", avatar: null },
  topicId: 3,
  topicTitle: "Holidays",
  postId: 4,
  count,
  badgeType: null,
  profileUsername: null,
  moderationAction: null,
  moderationReason: null,
  moderationNote: null,
});

describe("the reaction notification", () => {
  it("names the member who reacted, and counts reactions (not people) when there are several", () => {
    expect(notificationText(reaction(1))).toBe("bob reacted to your post in Holidays");
    expect(notificationText(reaction(3))).toBe("3 reactions to your post in Holidays, the latest from bob");
  });

  it("opens the topic at the post", () => {
    expect(notificationHref(reaction(1))).toContain("/topic/3");
    expect(notificationHref(reaction(1))).toContain("4");
  });
});

describe("the moderation notification", () => {
  const moderation = (moderationAction: string, place: Partial<Notification>): Notification => ({
    ...reaction(1),
    type: "moderation",
    actor: null,
    count: null,
    moderationAction,
    topicId: null,
    postId: null,
    ...place,
  });

  it("says what staff did with which of the member's things, and opens it where it still is", () => {
    const hidden = moderation("post_hide", { topicId: 3, postId: 4 });
    expect(notificationText(hidden)).toBe("Your post was hidden by a moderator after flags from the community");
    expect(notificationHref(hidden)).toBe("/topic/3?post=4");
    expect(notificationText(moderation("comment_delete", { profileUsername: "carol" }))).toBe(
      "Your comment was removed by a moderator after flags from the community",
    );
    expect(notificationText(moderation("card_hide", { profileUsername: "bob" }))).toBe("Your bio card was hidden by a moderator after flags from the community");
    expect(notificationText(moderation("message_hide", {}))).toBe("Your message was removed by a moderator after flags from the community");
  });

  it("names the flags' reason and staff's note", () => {
    const deleted = moderation("post_delete", { topicId: 3, moderationReason: "spam", moderationNote: "Selling watches" });
    expect(notificationText(deleted)).toBe("Your post was removed by a moderator after flags from the community (reason: Spam). Staff note: “Selling watches”");
    expect(moderationParts(deleted)).toEqual({ headline: "Your post was removed by a moderator after flags from the community", reason: "Spam", note: "Selling watches" });
    // A deleted post's notice opens its topic.
    expect(notificationHref(deleted)).toBe("/topic/3");
  });

  it("tells the author that flags hid their content until staff review it", () => {
    const flagged = moderation("topic_flagged", { topicId: 3, moderationReason: "off_topic" });
    expect(notificationText(flagged)).toBe("Your topic's opening post was hidden after flags from the community until staff review it (reason: Off topic)");
    expect(notificationHref(flagged)).toBe("/topic/3");
  });

  it("opens the public moderation log when nothing is left to open", () => {
    expect(notificationHref(moderation("topic_delete", {}))).toBe("/moderation");
    expect(notificationHref(moderation("message_delete", {}))).toBe("/moderation");
  });
});

describe("the flag_resolved notification", () => {
  const resolved = (moderationAction: string, note: string | null = null): Notification => ({
    ...reaction(1),
    type: "flag_resolved",
    actor: null,
    count: null,
    moderationAction,
    moderationReason: "inappropriate",
    moderationNote: note,
  });

  it("tells the flagger whether staff agreed", () => {
    expect(notificationText(resolved("post_hide"))).toBe("Staff agreed with your flag: the post was hidden (reason: Inappropriate)");
    expect(notificationText(resolved("comment_delete", "Rude"))).toBe("Staff agreed with your flag: the comment was removed (reason: Inappropriate). Staff note: “Rude”");
    expect(notificationText(resolved("post_keep"))).toBe("Staff reviewed your flag and kept the post (reason: Inappropriate)");
    expect(notificationHref(resolved("post_keep"))).toBe("/topic/3?post=4");
  });
});
