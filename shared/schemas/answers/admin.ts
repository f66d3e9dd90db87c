import { DELETION_CONTENT_MODES } from "../../member-deletion";
import { z } from "zod";
import { countSchema, idSchema, isoTimeSchema, memberSummarySchema } from "./common";

const ADMIN_ACTION_TYPES = [
  "ban",
  "unban",
  "delete_user",
  "grant_badge",
  "remove_badge",
  "create_invite",
  "create_user_invite",
  "invite_wave",
  "delete_invite",
  "purge_expired_invites",
  "purge_active_invites",
] as const;

/** GET /api/admin/actions: the audit trail of administrators' actions, newest first. */
export const adminActionSchema = z
  .strictObject({
    id: idSchema,
    action: z.enum(ADMIN_ACTION_TYPES),
    adminUsername: z.string().nullable(),
    targetUsername: z.string().nullable(),
    targetUserId: idSchema.nullable(),
    details: z.string().nullable(),
    createdAt: isoTimeSchema,
  })
  .meta({ id: "AdminAction" });

/** GET /api/admin/users/{id}/deletion: a member's deletion, which goes on in the background. */
export const memberDeletionSchema = z
  .strictObject({
    userId: idSchema,
    username: z.string(),
    content: z.enum(DELETION_CONTENT_MODES),
    status: z.enum(["deleting", "done"]),
    postsDone: countSchema,
    postsTotal: countSchema,
    startedAt: isoTimeSchema,
    finishedAt: isoTimeSchema.nullable(),
  })
  .meta({ id: "MemberDeletion" });

/** An invite as the administrators' list shows it. */
export const inviteSchema = z
  .strictObject({
    id: idSchema,
    code: z.string(),
    createdByUsername: z.string().nullable(),
    assignedToUsername: z.string().nullable(),
    usedByUsername: z.string().nullable(),
    expiresAt: isoTimeSchema.nullable(),
    createdAt: isoTimeSchema,
    usedAt: isoTimeSchema.nullable(),
    status: z.enum(["active", "used", "expired"]),
  })
  .meta({ id: "Invite" });
/** GET /api/invites (admin), newest first. */
export const invitesSchema = z.strictObject({ invites: z.array(inviteSchema), totalCount: countSchema }).meta({ id: "Invites" });
/** GET /api/invites/assigned: invites given to the signed-in member. */
export const assignedInviteSchema = z
  .strictObject({
    id: idSchema,
    code: z.string(),
    expiresAt: isoTimeSchema.nullable(),
    usedBy: idSchema.nullable(),
    usedAt: isoTimeSchema.nullable(),
    usedByUsername: z.string().nullable(),
  })
  .meta({ id: "AssignedInvite" });
/** POST /api/admin/invite-wave: `totalUsers` counts the eligible (not banned) members. */
export const inviteWaveSchema = z.strictObject({ successCount: countSchema, totalUsers: countSchema }).meta({ id: "InviteWave" });
/** POST /api/admin/purge-invites and /purge-active-invites */
export const purgeSchema = z.strictObject({ deletedCount: countSchema }).meta({ id: "Purge" });

/** A group (the admin group routes): its members by name; the built-in `staff` group's are the moderators and administrators. */
export const groupSchema = z
  .strictObject({
    id: idSchema,
    name: z.string(),
    builtIn: z.boolean().meta({ description: "The `staff` group: its members come from their role; it cannot be renamed, deleted or have members added or removed by hand." }),
    members: z.array(memberSummarySchema),
  })
  .meta({ id: "Group" });
/** GET /api/admin/groups */
export const groupsSchema = z.strictObject({ groups: z.array(groupSchema) }).meta({ id: "Groups" });
