import type { FlagReason, FlagTargetType, ReviewAction, ReviewStatus } from "../flags";

export interface ReviewFlag {
  reason: FlagReason;
  note: string | null;
  byUsername: string | null;
  createdAt: string;
}

/** One flagged target in the review queue, with every flag it gathered while this item was open. */
export interface ReviewItem {
  id: number;
  targetType: FlagTargetType;
  /** The post, comment or message id; the owner's username for a card. */
  targetId: number | string;
  /** `excerpt` is "" once the target is gone; `url` is null then (and for a message, which only its members may open). */
  target: { excerpt: string; authorUsername: string | null; url: string | null };
  flags: ReviewFlag[];
  status: ReviewStatus;
  createdAt: string;
  /** How it was resolved (null while pending). */
  action: ReviewAction | null;
  note: string | null;
  resolvedAt: string | null;
}

export interface ReviewPage {
  items: ReviewItem[];
  pendingCount: number;
  nextCursor: string | null;
}

export interface ReviewCount {
  pendingCount: number;
}

/** /ws: the number of pending review items changed (sent to staff). */
export interface ReviewCountMessage {
  type: "review_count";
  pendingCount: number;
}
