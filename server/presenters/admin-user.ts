import type { AdminSections, AdminUser } from "@shared/types";
import { isAdministrator } from "../policies/admin";
import { banRefusal, memberDeletionRefusal, roleChangeRefusal, silenceRefusalFor } from "../policies/moderation";
import type { UserWithInviter } from "../queries/users";
import { presentBanState, presentSilenceState } from "./ban-state";
import { presentUserListItem } from "./user";
import { isoTimeOrNull } from "./iso-time";

type Viewer = { id: number; isAdmin: boolean; isModerator: boolean };

/**
 * A member as the admin area lists them to staff: the list fields plus ban and silence state,
 * presence, and what this viewer may do to them (policies/moderation.ts).
 */
export function presentAdminUser(user: UserWithInviter, viewer: Viewer): AdminUser {
  return {
    ...presentUserListItem(user),
    ...presentBanState(user),
    ...presentSilenceState(user),
    isOnline: user.isOnline,
    lastSeenAt: isoTimeOrNull(user.lastSeenAt),
    // A short ban is the least either may give: whether they may ban at all.
    canBan: banRefusal(viewer, user, new Date()) === null,
    canBanPermanently: banRefusal(viewer, user, null) === null,
    canSilence: silenceRefusalFor(viewer, user) === null,
    canDelete: memberDeletionRefusal(viewer, user) === null,
    canChangeRole: roleChangeRefusal(viewer, user) === null,
    canManageInvites: isAdministrator(viewer),
  };
}

/** The admin area's sections this viewer may use: staff see the members table; the rest is administrators'. */
export function presentAdminSections(viewer: Viewer): AdminSections {
  const admin = isAdministrator(viewer);
  return { members: true, invites: admin, badges: admin, categories: admin, actions: admin };
}
