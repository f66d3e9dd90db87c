import type { z } from "zod";
import type { adminActionSchema, groupSchema, groupsSchema, memberDeletionSchema } from "../schemas/answers/admin";
export type AdminActionType =
  | "ban"
  | "unban"
  | "delete_user"
  | "grant_badge"
  | "remove_badge"
  | "create_invite"
  | "create_user_invite"
  | "invite_wave"
  | "delete_invite"
  | "purge_expired_invites"
  | "purge_active_invites";

/** GET /api/admin/actions: the audit trail of administrators' actions, newest first. */
export type AdminAction = z.output<typeof adminActionSchema>;

/**
 * GET /api/admin/users/{id}/deletion: a member's deletion, which goes on in the background once the
 * member is gone for everyone (docs/decisions/021). Progress is counted in posts.
 */
export type MemberDeletion = z.output<typeof memberDeletionSchema>;

/** A group and its members (the admin group routes). */
export type Group = z.output<typeof groupSchema>;
/** GET /api/admin/groups */
export type GroupsResponse = z.output<typeof groupsSchema>;
