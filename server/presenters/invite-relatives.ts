import { isBannedNow } from "@shared/policies/banned-now";
import type { InviteRelative, MemberInvitesResponse } from "@shared/types";
import type { findInviteRelatives, InviteRelativeRow } from "../queries/invite-relatives";

function presentRelative(row: InviteRelativeRow): InviteRelative {
  const state = row.deletedAt ? "deleted" : isBannedNow(row) ? "banned" : "active";
  return { id: row.id, username: row.username, state };
}

/** GET /api/admin/users/{id}/invites: a finished deletion leaves only a used invite, shown as a deleted member without a name. */
export function presentInviteRelatives(relatives: Awaited<ReturnType<typeof findInviteRelatives>>): MemberInvitesResponse {
  const gone: InviteRelative[] = Array.from({ length: relatives.deletedInvitees }, () => ({ id: null, username: null, state: "deleted" }));
  return {
    invitedBy: relatives.invitedBy ? presentRelative(relatives.invitedBy) : null,
    invitees: [...relatives.invitees.map(presentRelative), ...gone],
    unusedInvites: relatives.unusedInvites,
  };
}
