import { BADGES, type BadgeType } from "./constants";
import { REVIEW_FLAG_REASON_LABELS } from "./flags";
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
    case "flag_resolved": {
      const { headline, reason, note } = moderationParts(notification);
      return [headline + (reason ? ` (reason: ${reason})` : ""), note && `Staff note: “${note}”`].filter(Boolean).join(". ");
    }
    case "bookmark_reminder":
      return `Reminder: the post you bookmarked in ${notification.topicTitle ?? "a topic"}`;
  }
}

const MODERATED_THING: Record<string, string> = {
  post: "post",
  comment: "comment",
  message: "message",
  card: "bio card",
  topic: "topic's opening post",
};

/**
 * A `moderation` or `flag_resolved` notification in parts (docs/decisions/066-the-moderation-loop.md): what
 * happened, as one sentence; the flags' reason, as its label; staff's note. The list shows them
 * apart, mail and push as one text (notificationText). Staff act as a body, unnamed.
 */
export function moderationParts(notification: Notification): { headline: string; reason: string | null; note: string | null } {
  const [target = "", decision = ""] = (notification.moderationAction ?? "").split("_");
  const thing = MODERATED_THING[target] ?? "content";
  const removed = target === "message" || decision === "delete";
  let headline: string;
  if (notification.type === "flag_resolved") {
    headline = decision === "keep" ? `Staff reviewed your flag and kept the ${thing}` : `Staff agreed with your flag: the ${thing} was ${removed ? "removed" : "hidden"}`;
  } else if (decision === "flagged") {
    headline = `Your ${thing} was hidden after flags from the community until staff review it`;
  } else {
    headline = `Your ${thing} was ${removed ? "removed" : "hidden"} by a moderator after flags from the community`;
  }
  const reason = notification.moderationReason ? REVIEW_FLAG_REASON_LABELS[notification.moderationReason] : null;
  return { headline, reason, note: notification.moderationNote || null };
}

/** Where opening a notification goes: the topic at the post, or the profile. */
export function notificationHref(notification: Notification): string {
  if (notification.topicId !== null) {
    return topicHref(notification.topicId, notification.postId);
  }
  if (notification.profileUsername) return `/user/${encodeURIComponent(notification.profileUsername)}`;
  // A moderation notice about what is gone (a deleted topic, a message): the public log of the decision.
  return notification.type === "moderation" || notification.type === "flag_resolved" ? "/moderation" : "/notifications";
}
