import type { ConfirmationAnswer, CurrentUser } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import { roleOf } from "@shared/roles";
import { isStaff } from "../policies/staff";
import { presentBanState, presentSilenceState } from "./ban-state";
import { canReview } from "../policies/flags";
import { isoTime, isoTimeOrNull } from "./iso-time";

/**
 * The signed-in member's own view of themselves: the only presenter that includes the email.
 * `confirmedUntil`: this session's open window for sensitive changes (server/auth/confirmation.ts).
 */
export function presentCurrentUser(user: SessionUser, invitedByUsername: string | null, confirmedUntil: Date | null): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    role: roleOf(user),
    canModerate: isStaff(user),
    ...presentBanState(user),
    ...presentSilenceState(user),
    hasBio: user.hasBio,
    email: user.email,
    emailVerified: user.emailVerified,
    emailNotifications: user.emailNotifications,
    bio: user.bio,
    location: user.location,
    website: user.website,
    twitter: user.twitter,
    github: user.github,
    discord: user.discord,
    telegram: user.telegram,
    createdAt: isoTime(user.createdAt),
    postsCount: user.postsCount,
    invitedByUsername,
    theme: user.theme,
    canReview: canReview(user),
    confirmedUntil: isoTimeOrNull(confirmedUntil),
  };
}

/** POST /api/auth/confirm */
export const presentConfirmation = (confirmedUntil: Date): ConfirmationAnswer => ({ confirmedUntil: isoTime(confirmedUntil) });
