/** Flags and the review queue (docs/product.md "Moderation by the community"). */
/** `topic`: a topic's opener (docs/product.md "The opener is a post"). */
export const FLAG_TARGET_TYPES = ["post", "comment", "message", "card", "topic"] as const;
export type FlagTargetType = (typeof FLAG_TARGET_TYPES)[number];

export const FLAG_REASONS = ["spam", "inappropriate", "off_topic", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: "Spam",
  inappropriate: "Inappropriate",
  off_topic: "Off topic",
  other: "Something else",
};

/** The reasons a review item's flags carry: a member's, or `watched_word`, the system's (docs/decisions/064). */
export const REVIEW_FLAG_REASONS = [...FLAG_REASONS, "watched_word"] as const;
export type ReviewFlagReason = (typeof REVIEW_FLAG_REASONS)[number];
export const REVIEW_FLAG_REASON_LABELS: Record<ReviewFlagReason, string> = { ...FLAG_REASON_LABELS, watched_word: "Watched word" };

export const FLAG_NOTE_MAX_LENGTH = 500;
/** Flags one member may raise in any 24 hours (429 with Retry-After past it). */
export const FLAGS_PER_DAY = 20;
/** FLAGS_TO_HIDE's default: distinct members whose flags hide a post, comment or card until reviewed. */
export const DEFAULT_FLAGS_TO_HIDE = 3;

export const REVIEW_STATUSES = ["pending", "resolved"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_ACTIONS = ["hide", "delete", "keep"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
export const REVIEW_PAGE_SIZE = 20;

/** What everyone but the author and staff sees in place of a hidden post or comment. */
export const HIDDEN_TEXT_NOTICE = "This post was hidden after flags from the community";

/** The refusals of POST /api/flags. */
export const FLAG_OWN_CONTENT = "You cannot flag your own content";
export const FLAG_ALREADY_OPEN = "You have already flagged this";
export const FLAGS_PER_DAY_REACHED = `You may flag ${FLAGS_PER_DAY} times a day`;
