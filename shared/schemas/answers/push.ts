import { z } from "zod";
import { TOPIC_NOTIFICATION_LEVELS } from "../../constants";
import { idSchema } from "./common";

/** GET /api/push/key */
export const pushKeySchema = z.strictObject({ publicKey: z.string().meta({ description: "The VAPID public key, base64url" }) }).meta({ id: "PushKey" });

/** POST /api/push/subscriptions */
export const pushSubscribedSchema = z.strictObject({ endpoint: z.string() }).meta({ id: "PushSubscribed" });

/** PUT /api/topics/{id}/notification-level */
export const topicLevelAnswerSchema = z.strictObject({ level: z.enum(TOPIC_NOTIFICATION_LEVELS) }).meta({ id: "TopicLevelAnswer" });

/** GET /api/topic-notification-levels */
export const topicLevelsPageSchema = z
  .strictObject({
    topics: z.array(z.strictObject({ topicId: idSchema, title: z.string(), level: z.enum(["watching", "muted"]) }).meta({ id: "TopicLevelItem" })),
    nextAfter: idSchema.nullable(),
  })
  .meta({ id: "TopicLevelsPage" });
