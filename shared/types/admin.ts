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
export interface AdminAction {
  id: number;
  action: AdminActionType;
  adminUsername: string | null;
  /** Kept even after the member is deleted. */
  targetUsername: string | null;
  targetUserId: number | null;
  /** The ban reason, the badge, the invite code, counts... whatever says what was done. */
  details: string | null;
  createdAt: string;
}

/**
 * GET /api/admin/users/{id}/deletion: a member's deletion, which goes on in the background once the
 * member is gone for everyone (docs/decisions/021). Progress is counted in posts.
 */
export interface MemberDeletion {
  userId: number;
  username: string;
  status: "deleting" | "done";
  postsDone: number;
  postsTotal: number;
  startedAt: string;
  finishedAt: string | null;
}
