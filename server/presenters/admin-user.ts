import type { AdminUser } from "@shared/types";
import { canBan, canDeleteAccount } from "../policies/admin";
import type { UserWithInviter } from "../queries/users";
import { presentBanState } from "./ban-state";
import { presentUserListItem } from "./user";
import { isoTimeOrNull } from "./iso-time";

/** A member as the admin panel lists them: the list fields plus ban state, presence, and what may be done to them. */
export function presentAdminUser(user: UserWithInviter): AdminUser {
  return {
    ...presentUserListItem(user),
    ...presentBanState(user),
    isOnline: user.isOnline,
    lastSeenAt: isoTimeOrNull(user.lastSeenAt),
    canBan: canBan(user),
    canDelete: canDeleteAccount(user),
  };
}
