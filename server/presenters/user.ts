import type { UserListItem, UserProfile } from "@shared/types";
import type { UserProfileRow, UserWithInviter } from "../queries/users";
import { roleOf } from "@shared/roles";
import { canCommentOnProfile } from "../policies/profile-comment";
import { presentBanState, presentSilenceState } from "./ban-state";
import { isoTime } from "./iso-time";
import type { Viewer } from "./viewer";

/** A member as others see them in lists: never the email, never ban details. */
export function presentUserListItem(user: UserWithInviter): UserListItem {
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    role: roleOf(user),
    postsCount: user.postsCount,
    createdAt: isoTime(user.createdAt),
    invitedByUsername: user.invitedByUsername,
    hasBio: user.hasBio,
  };
}

/**
 * A member's profile as `viewer` sees it: no email; the ban reason only when the viewer may see it
 * (policies/admin.ts); `canComment` false when its owner blocked the viewer (`blockedViewer`).
 */
export function presentUserProfile(
  user: UserProfileRow,
  viewer: Viewer,
  { withBanReason, blockedViewer }: { withBanReason: boolean; blockedViewer: boolean },
): UserProfile {
  const ban = presentBanState(user);
  const silence = presentSilenceState(user);
  return {
    ...presentUserListItem(user),
    topicsCount: user.topicsCount,
    bio: user.bio,
    location: user.location,
    website: user.website,
    twitter: user.twitter,
    github: user.github,
    discord: user.discord,
    telegram: user.telegram,
    isBanned: ban.isBanned,
    banExpiresAt: ban.banExpiresAt,
    ...(withBanReason ? { banReason: ban.banReason } : {}),
    // Public like the ban; the reason is in the moderation log.
    isSilenced: silence.isSilenced,
    silencedUntil: silence.silencedUntil,
    canComment: canCommentOnProfile(viewer, { blockedActor: blockedViewer }),
  };
}
