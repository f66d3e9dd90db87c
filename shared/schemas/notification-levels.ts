import { z } from "zod";
import { TOPIC_LEVELS_PAGE_SIZE, TOPIC_NOTIFICATION_LEVELS } from "../constants";
import { idParamSchema, pageSizeSchema } from "./fields";

/** PUT /api/topics/{id}/notification-level */
export const topicNotificationLevelSchema = z.strictObject({ level: z.enum(TOPIC_NOTIFICATION_LEVELS) });

/** GET /api/topic-notification-levels?after=: the watched and muted topics, by topic id, `after` the last one shown. */
export const topicLevelsQuerySchema = z.object({
  after: idParamSchema.optional(),
  limit: pageSizeSchema(TOPIC_LEVELS_PAGE_SIZE, TOPIC_LEVELS_PAGE_SIZE),
});
