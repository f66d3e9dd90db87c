import { z } from "zod";
import { TEXT_LIMITS } from "../constants";
import { idParamSchema, NOT_BLANK } from "./fields";
import { SILENCE_DAYS } from "../moderation";
import { ROLES } from "../roles";

/** PUT /api/admin/users/{id}/role. */
export const roleChangeSchema = z.strictObject({ role: z.enum(ROLES, "Role must be member, moderator or admin") });
export type RoleChangeInput = z.input<typeof roleChangeSchema>;

/** POST /api/admin/users/{id}/silence. */
export const silenceSchema = z.strictObject({
  days: z
    .number({ error: "Days must be a whole number from 1 to 365" })
    .int("Days must be a whole number from 1 to 365")
    .min(SILENCE_DAYS.min, "Days must be a whole number from 1 to 365")
    .max(SILENCE_DAYS.max, "Days must be a whole number from 1 to 365"),
  reason: z.string({ error: "Reason is required" }).trim().min(1, "Reason is required").max(TEXT_LIMITS.banReason, "Reason too long").meta(NOT_BLANK),
});
export type SilenceInput = z.input<typeof silenceSchema>;

/** GET /api/moderation-log: `cursor` is the last entry's id of the previous page. */
export const moderationLogQuerySchema = z.object({ cursor: idParamSchema.optional() });
