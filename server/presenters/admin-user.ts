import type { AdminUser } from "@shared/types";
import { canBan, canDeleteAccount } from "../policies/admin";
import type { UserWithInviter } from "../queries/users";
import { presentUserListItem } from "./user";

/** A member as the admin panel lists them: the list fields plus ban state, presence, and what may be done to them. */
export function presentAdminUser(user: UserWithInviter): AdminUser {
  return {
    ...presentUserListItem(user),
    isBanned: user.isBanned,
    banReason: user.banReason,
    banExpiresAt: user.banExpiresAt?.toISOString() ?? null,
    isOnline: user.isOnline,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
    canBan: canBan(user),
    canDelete: canDeleteAccount(user),
  };
}
