import type { TopicNotificationLevel } from "../constants";

/** GET /api/push/key: the VAPID public key (base64url), the applicationServerKey of a subscription. */
export interface PushKey {
  publicKey: string;
}

/** PUT /api/topics/{id}/notification-level */
export interface TopicLevelAnswer {
  level: TopicNotificationLevel;
}

/** One watched or muted topic of the member. */
export interface TopicLevelItem {
  topicId: number;
  title: string;
  level: Exclude<TopicNotificationLevel, "tracking">;
}

/** GET /api/topic-notification-levels: `nextAfter` continues the list (null: the last page). */
export interface TopicLevelsPage {
  topics: TopicLevelItem[];
  nextAfter: number | null;
}

/** A push message's payload (docs/product.md "Watching, push and install"), what the service worker shows. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}
