import type { Post } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { posts } from "../db/schema";
import { canDeletePost, canEditPost } from "../policies/forum";
import { storedHtml } from "./markdown-html";
import { isoTime } from "./iso-time";

export type PostRow = Omit<typeof posts.$inferSelect, "plainText"> & { authorUsername: string; authorAvatar: string | null; authorPostsCount: number };

export function presentPost(row: PostRow, viewer: Pick<SessionUser, "id" | "isAdmin">): Post {
  return {
    id: row.id,
    content: row.content,
    html: storedHtml(row),
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

/**
 * The posts of a page whose first post is the topic's `firstNumber`th, each with its `number` (the
 * `around` page). Numbers are added in place, so the ordinary pages, presented without them, pay
 * nothing (docs/performance.md on presenters).
 */
export function presentNumberedPosts(
  rows: PostRow[],
  viewer: Pick<SessionUser, "id" | "isAdmin">,
  firstNumber: number,
): Post[] {
  return rows.map((row, index) => Object.assign(presentPost(row, viewer), { number: firstNumber + index }));
}
