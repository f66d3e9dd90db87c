import { z } from "zod";
import { MODERATION_ACTIONS, MODERATION_TARGET_TYPES } from "../../moderation-log";
import { idSchema, isoTimeSchema } from "./common";

/** GET /api/moderation-log: newest first; a label never quotes hidden text. */
export const moderationLogSchema = z
  .strictObject({
    entries: z.array(
      z
        .strictObject({
          id: idSchema,
          action: z.enum(MODERATION_ACTIONS),
          targetType: z.enum(MODERATION_TARGET_TYPES),
          targetLabel: z.string(),
          reason: z.string().nullable(),
          moderatorUsername: z.string().nullable(),
          createdAt: isoTimeSchema,
        })
        .meta({ id: "ModerationLogEntry" }),
    ),
    nextCursor: idSchema.nullable(),
  })
  .meta({ id: "ModerationLog" });
