import type { AssignedInvite, InviteListItem, InviteStatus, InviteWaveResponse, PurgeResponse } from "@shared/types";
import type { InviteWave } from "../commands/invite-wave";
import type { AssignedInviteRow, InviteRow } from "../queries/invites";
import { isoTime, isoTimeOrNull } from "./iso-time";

export function inviteStatus(invite: { usedAt: Date | null; expiresAt: Date | null }, now = new Date()): InviteStatus {
  if (invite.usedAt) return "used";
  return invite.expiresAt && invite.expiresAt <= now ? "expired" : "active";
}

export function presentInvite(invite: InviteRow): InviteListItem {
  return {
    id: invite.id,
    code: invite.code,
    createdByUsername: invite.createdByUsername,
    assignedToUsername: invite.assignedToUsername,
    usedByUsername: invite.usedByUsername,
    expiresAt: isoTimeOrNull(invite.expiresAt),
    createdAt: isoTime(invite.createdAt),
    usedAt: isoTimeOrNull(invite.usedAt),
    status: inviteStatus(invite),
  };
}

/** One of a member's own invites, to hand out (GET /api/invites/assigned). */
export function presentAssignedInvite(invite: AssignedInviteRow): AssignedInvite {
  return {
    id: invite.id,
    code: invite.code,
    expiresAt: isoTimeOrNull(invite.expiresAt),
    usedBy: invite.usedBy,
    usedAt: isoTimeOrNull(invite.usedAt),
    usedByUsername: invite.usedByUsername,
  };
}

export function presentInviteWave(wave: InviteWave): InviteWaveResponse {
  return { successCount: wave.invited, totalUsers: wave.eligible };
}

export function presentPurge(purge: { deleted: number }): PurgeResponse {
  return { deletedCount: purge.deleted };
}
