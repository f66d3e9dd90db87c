import type { z } from "zod";
import type { pushKeySchema, topicLevelAnswerSchema, topicLevelsPageSchema } from "../schemas/answers/push";

/** GET /api/push/key: the VAPID public key (base64url), the applicationServerKey of a subscription. */
export type PushKey = z.output<typeof pushKeySchema>;

/** PUT /api/topics/{id}/notification-level */
export type TopicLevelAnswer = z.output<typeof topicLevelAnswerSchema>;

/** One watched or muted topic of the member. */
export type TopicLevelItem = TopicLevelsPage["topics"][number];

/** GET /api/topic-notification-levels: `nextAfter` continues the list (null: the last page). */
export type TopicLevelsPage = z.output<typeof topicLevelsPageSchema>;

/** A push message's payload (docs/product.md "Watching, push and install"), what the service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
