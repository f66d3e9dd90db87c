import type { ModerationAction, ModerationTargetType } from "../moderation-log";

/** One entry of GET /api/moderation-log. `targetLabel` names the target and never quotes hidden text. */
export interface ModerationLogEntry {
  id: number;
  action: ModerationAction;
  targetType: ModerationTargetType;
  targetLabel: string;
  reason: string | null;
  moderatorUsername: string | null;
  createdAt: string;
}

/** GET /api/moderation-log: newest first; `nextCursor` is null on the last page. */
export interface ModerationLogResponse {
  entries: ModerationLogEntry[];
  nextCursor: number | null;
}

/** A member as invite accountability shows them: active, banned (now) or deleted. */
export interface InviteRelative {
  /** Null (with the username) for a member whose deletion has finished: only the used invite is left. */
  id: number | null;
  username: string | null;
  state: "active" | "banned" | "deleted";
}

/** GET /api/admin/users/{id}/invites: who invited the member and whom they invited. */
export interface MemberInvitesResponse {
  invitedBy: InviteRelative | null;
  invitees: InviteRelative[];
  /** Their invites nobody has used yet (what banning them may revoke). */
  unusedInvites: number;
}
