import type { AdminUser } from "@shared/types";
import type { UserWithInviter } from "../queries/users";
import { presentUserListItem } from "./user";

/** A member as the admin panel lists them: the list fields plus ban state and presence. */
export function presentAdminUser(user: UserWithInviter): AdminUser {
  return {
    ...presentUserListItem(user),
    isBanned: user.isBanned,
    banReason: user.banReason,
    banExpiresAt: user.banExpiresAt?.toISOString() ?? null,
    isOnline: user.isOnline,
    lastSeenAt: user.lastSeenAt?.toISOString() ?? null,
  };
}
