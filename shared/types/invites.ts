import type { z } from "zod";
import type { assignedInviteSchema, inviteSchema, inviteWaveSchema, invitesSchema, purgeSchema } from "../schemas/answers/admin";
export type InviteStatus = "active" | "used" | "expired";

export type InviteListItem = z.output<typeof inviteSchema>;

/** GET /api/invites (admin), newest first. */
export type InvitesResponse = z.output<typeof invitesSchema>;

/** GET /api/invites/assigned: invites given to the signed-in member. */
export type AssignedInvite = z.output<typeof assignedInviteSchema>;

/** POST /api/admin/invite-wave. `totalUsers` counts the eligible (not banned) users. */
export type InviteWaveResponse = z.output<typeof inviteWaveSchema>;

/** POST /api/admin/purge-invites and /api/admin/purge-active-invites. */
export type PurgeResponse = z.output<typeof purgeSchema>;
