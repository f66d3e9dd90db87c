import type { ProfileComment } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { profileComments } from "../db/schema";
import { canDeleteProfileComment } from "../policies/profile-comment";

export type ProfileCommentRow = typeof profileComments.$inferSelect & { authorUsername: string; authorAvatar: string | null };

export function presentProfileComment(row: ProfileCommentRow, viewer: Pick<SessionUser, "id" | "isAdmin">): ProfileComment {
  return {
    id: row.id,
    profileUserId: row.profileUserId,
    authorId: row.authorId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    canDelete: canDeleteProfileComment(viewer, row),
  };
}
