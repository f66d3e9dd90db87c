/** The entries of the public moderation log (docs/product.md "Moderation by the community"). */
export const MODERATION_ACTIONS = [
  "ban",
  "unban",
  "silence",
  "unsilence",
  "delete_member",
  "review_hide",
  "review_delete",
  "review_keep",
  "lock_topic",
  "unlock_topic",
  "delete_topic",
  "change_role",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_TARGET_TYPES = ["member", "topic", "post", "comment", "message", "card"] as const;
export type ModerationTargetType = (typeof MODERATION_TARGET_TYPES)[number];
