import { z } from "zod";
import { INVITE_MAX_EXPIRES_IN_DAYS } from "../constants";

/** POST /api/invites (admin). No body, or no `expiresInDays`, means the invite never expires. */
export const createInviteSchema = z
  .strictObject({
    expiresInDays: z
      .int("Expiry must be a whole number of days")
      .min(1, "Expiry must be at least 1 day")
      .max(INVITE_MAX_EXPIRES_IN_DAYS, `Expiry must be at most ${INVITE_MAX_EXPIRES_IN_DAYS} days`)
      .optional(),
  })
  .default({});
export type CreateInviteInput = z.input<typeof createInviteSchema>;
export type CreateInviteData = z.output<typeof createInviteSchema>;
