import { BADGES, type BadgeType } from "./constants";
import type { Notification } from "./types";
import { topicHref } from "./topic-href";

/** What a notification says, as plain text. */
export function notificationText(notification: Notification): string {
  const who = notification.actor?.username ?? "Someone";
  switch (notification.type) {
    case "reply":
      return (notification.count ?? 1) > 1
        ? `${notification.count} new replies in ${notification.topicTitle ?? "a topic"}`
        : `${who} replied in ${notification.topicTitle ?? "a topic"}`;
    case "mention":
      return notification.topicTitle ? `${who} mentioned you in ${notification.topicTitle}` : `${who} mentioned you in a comment`;
    case "profile_comment":
      return `${who} commented on your profile`;
    case "badge":
      return `You were given the ${BADGES[notification.badgeType as BadgeType]?.label ?? "new"} badge`;
    case "invite_used":
      return `${who} joined with your invite`;
    case "reaction":
      // The count is of reactions, not of members (one member may give several), so it is not worded as people.
      return (notification.count ?? 1) > 1
        ? `${notification.count} reactions to your post in ${notification.topicTitle ?? "a topic"}, the latest from ${who}`
        : `${who} reacted to your post in ${notification.topicTitle ?? "a topic"}`;
    case "moderation":
      return moderationText(notification.moderationAction ?? "");
    case "bookmark_reminder":
      return `Reminder: the post you bookmarked in ${notification.topicTitle ?? "a topic"}`;
  }
}

const MODERATED_THING: Record<string, string> = {
  post: "Your post",
  comment: "Your comment",
  message: "Your message",
  card: "Your bio card",
  topic: "Your topic's opening post",
};

/** A review decision (`{targetType}_{action}`): what staff did with the member's post, comment, message, card or topic opener. */
function moderationText(action: string): string {
  const [target = "", decision = ""] = action.split("_");
  const thing = MODERATED_THING[target] ?? "Your content";
  if (target === "message" || decision === "delete") return `${thing} was removed by a moderator after flags from the community`;
  return `${thing} was hidden by a moderator after flags from the community`;
}

/** Where opening a notification goes: the topic at the post, or the profile. */
export function notificationHref(notification: Notification): string {
  if (notification.topicId !== null) {
    return topicHref(notification.topicId, notification.postId);
  }
  return notification.profileUsername ? `/user/${encodeURIComponent(notification.profileUsername)}` : "/notifications";
}
