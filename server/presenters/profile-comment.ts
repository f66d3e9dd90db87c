import type { ProfileComment } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { profileComments } from "../db/schema";
import { canDeleteProfileComment } from "../policies/profile-comment";
import type { MentionedMembers } from "../queries/mentions";
import { presentMentions } from "./mentions";
import { isoTime } from "./iso-time";

export type ProfileCommentRow = typeof profileComments.$inferSelect & { authorUsername: string; authorAvatar: string | null };

/** `mentioned`: the members named in this comment (findMentionedMembers over the page). */
export function presentProfileComment(row: ProfileCommentRow, viewer: Pick<SessionUser, "id" | "isAdmin">, mentioned: MentionedMembers): ProfileComment {
  return {
    id: row.id,
    profileUserId: row.profileUserId,
    authorId: row.authorId,
    content: row.content,
    mentions: presentMentions(row.content, mentioned),
    createdAt: isoTime(row.createdAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    canDelete: canDeleteProfileComment(viewer, row),
  };
}
