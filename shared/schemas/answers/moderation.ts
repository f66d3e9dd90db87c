import { z } from "zod";
import { MODERATION_ACTIONS, MODERATION_TARGET_TYPES } from "../../moderation-log";
import { FLAG_TARGET_TYPES, REVIEW_ACTIONS, REVIEW_FLAG_REASONS, REVIEW_STATUSES } from "../../flags";
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

/** POST /api/flags */
export const flagRaisedSchema = z.strictObject({ id: idSchema, reviewItemId: idSchema }).meta({ id: "FlagRaised" });

/** GET /api/review/count, and the answer to a review decision. */
export const reviewCountSchema = z.strictObject({ pendingCount: z.int().nonnegative() }).meta({ id: "ReviewCount" });

/** GET /api/review: one item per flagged target, oldest pending first (resolved: most recently resolved first). */
export const reviewPageSchema = z
  .strictObject({
    items: z.array(
      z
        .strictObject({
          id: idSchema,
          targetType: z.enum(FLAG_TARGET_TYPES),
          targetId: z.union([idSchema, z.string()]).meta({ description: "The post, comment or message id; the owner's username for a card." }),
          target: z.strictObject({ excerpt: z.string(), authorUsername: z.string().nullable(), url: z.string().nullable() }),
          flags: z.array(
            z
              .strictObject({ reason: z.enum(REVIEW_FLAG_REASONS), note: z.string().nullable(), byUsername: z.string().nullable(), createdAt: isoTimeSchema })
              .meta({ id: "ReviewFlag" }),
          ),
          status: z.enum(REVIEW_STATUSES),
          createdAt: isoTimeSchema,
          action: z.enum(REVIEW_ACTIONS).nullable(),
          note: z.string().nullable(),
          resolvedAt: isoTimeSchema.nullable(),
        })
        .meta({ id: "ReviewItem" }),
    ),
    pendingCount: z.int().nonnegative(),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: "ReviewPage" });
