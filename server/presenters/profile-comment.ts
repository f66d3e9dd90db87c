import type { ProfileComment } from "@shared/types";
import type { profileComments } from "../db/schema";

export type ProfileCommentRow = typeof profileComments.$inferSelect & { authorUsername: string; authorAvatar: string | null };

export function presentProfileComment(row: ProfileCommentRow): ProfileComment {
  return {
    id: row.id,
    profileUserId: row.profileUserId,
    authorId: row.authorId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
  };
}
