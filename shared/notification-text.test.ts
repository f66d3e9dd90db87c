import { describe, expect, it } from "vitest";
import type { Notification } from "./types";
import { notificationHref, notificationText } from "./notification-text";

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
});
