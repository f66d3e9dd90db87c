import type { CurrentUser } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import { canReview } from "../policies/flags";
import { presentBanState } from "./ban-state";
import { isoTime } from "./iso-time";

/** The signed-in member's own view of themselves: the only presenter that includes the email. */
export function presentCurrentUser(user: SessionUser, invitedByUsername: string | null): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    isAdmin: user.isAdmin,
    ...presentBanState(user),
    hasBio: user.hasBio,
    email: user.email,
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
  };
}
