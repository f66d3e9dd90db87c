export type InviteStatus = "active" | "used" | "expired";

export interface InviteListItem {
  id: number;
  code: string;
  createdByUsername: string | null;
  assignedToUsername: string | null;
  usedByUsername: string | null;
  expiresAt: string | null;
  createdAt: string;
  usedAt: string | null;
  status: InviteStatus;
}

/** GET /api/invites (admin), newest first. */
export interface InvitesResponse {
  invites: InviteListItem[];
  totalCount: number;
}

/** GET /api/invites/assigned: invites given to the signed-in member. */
export interface AssignedInvite {
  id: number;
  code: string;
  expiresAt: string | null;
  usedBy: number | null;
  usedAt: string | null;
  usedByUsername: string | null;
}

/** POST /api/admin/invite-wave. `totalUsers` counts the eligible (not banned) users. */
export interface InviteWaveResponse {
  successCount: number;
  totalUsers: number;
}

/** POST /api/admin/purge-invites and /api/admin/purge-active-invites. */
export interface PurgeResponse {
  deletedCount: number;
}
