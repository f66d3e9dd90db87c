import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@shared/schemas/push";
import { topicLevelsQuerySchema, topicNotificationLevelSchema } from "@shared/schemas/notification-levels";
import { pushKeySchema, pushSubscribedSchema, topicLevelAnswerSchema, topicLevelsPageSchema } from "@shared/schemas/answers/push";
import { idParams, type RouteDoc } from "./route-doc";

/** server/routes/push/ and server/routes/notification-levels/ */
export const pushRoutes: RouteDoc[] = [
  {
    method: "put",
    path: "/api/topics/:id/notification-level",
    summary: "Watch, track or mute a topic",
    description: "`watching` notifies of every new post, `tracking` (the default) of replies to you, `muted` of nothing but mentions.",
    access: "member",
    params: idParams,
    body: topicNotificationLevelSchema,
    answers: { 200: { description: "The level now.", schema: topicLevelAnswerSchema } },
    errors: { 404: "No such topic." },
  },
  {
    method: "get",
    path: "/api/topic-notification-levels",
    summary: "The topics you watch or mute",
    description: "By topic id; `after` is the last one shown.",
    access: "member",
    query: topicLevelsQuerySchema,
    answers: { 200: { description: "A page of topics with their level.", schema: topicLevelsPageSchema } },
  },
  {
    method: "get",
    path: "/api/push/key",
    summary: "The VAPID public key",
    description: "The applicationServerKey a browser subscribes with.",
    access: "member",
    answers: { 200: { description: "The key.", schema: pushKeySchema } },
  },
  {
    method: "post",
    path: "/api/push/subscriptions",
    summary: "Receive web push on this device",
    description: "A browser's PushSubscription. The endpoint must be `https:` on a public address (unless PUSH_ALLOW_HOSTS lists its host). 10 per member; the oldest goes.",
    access: "member",
    body: pushSubscriptionSchema,
    answers: { 201: { description: "Subscribed.", schema: pushSubscribedSchema } },
    errors: { 400: "The endpoint is not a public https address." },
  },
  {
    method: "delete",
    path: "/api/push/subscriptions",
    summary: "Stop web push on this device",
    access: "member",
    body: pushUnsubscribeSchema,
    answers: { 204: { description: "Unsubscribed (also when it was not subscribed)." } },
  },
];
