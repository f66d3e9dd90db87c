import type { z } from "zod";
import type { reviewCountSchema, reviewPageSchema } from "../schemas/answers/moderation";

export type ReviewFlag = ReviewItem["flags"][number];

/** One flagged target in the review queue, with every flag it gathered while this item was open. */
export type ReviewItem = ReviewPage["items"][number];

export type ReviewPage = z.output<typeof reviewPageSchema>;

export type ReviewCount = z.output<typeof reviewCountSchema>;

/** /ws: the number of pending review items changed (sent to staff). */
export interface ReviewCountMessage {
  type: "review_count";
  pendingCount: number;
}
