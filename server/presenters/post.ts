import type { Post } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { posts } from "../db/schema";
import { canDeletePost, canEditPost } from "../policies/forum";
import type { MentionedMembers } from "../queries/mentions";
import { presentMentions } from "./mentions";
import { isoTime } from "./iso-time";

export type PostRow = typeof posts.$inferSelect & { authorUsername: string; authorAvatar: string | null; authorPostsCount: number };

/** `mentioned`: the members named in this post (findMentionedMembers over the page). */
export function presentPost(row: PostRow, viewer: Pick<SessionUser, "id" | "isAdmin">, mentioned: MentionedMembers): Post {
  return {
    id: row.id,
    content: row.content,
    mentions: presentMentions(row.content, mentioned),
    topicId: row.topicId,
    authorId: row.authorId,
    isEdited: row.isEdited,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    authorPostsCount: row.authorPostsCount,
    canEdit: canEditPost(viewer, row),
    canDelete: canDeletePost(viewer, row),
  };
}
