import type { Post } from "@shared/types";
import type { SessionUser } from "../auth/session-user";
import type { posts } from "../db/schema";
import { canSeeHiddenText } from "../policies/flags";
import { canDeletePost, canEditPost } from "../policies/forum";
import { reactionRefusal } from "../policies/reaction";
import type { ReactionCounts } from "../queries/reactions";
import { storedHtml } from "./markdown-html";
import { presentPostReactions } from "./reaction";
import { isoTime } from "./iso-time";
import { roleOf } from "@shared/roles";
import type { AuthorRoleRow } from "../queries/author-role";

export type PostRow = Omit<typeof posts.$inferSelect, "plainText"> & { authorUsername: string; authorAvatar: string | null; authorPostsCount: number } & AuthorRoleRow;

/**
 * `reactions`: the page's reaction counts and the viewer's own (listReactionCounts over the page);
 * `blockedAuthors`: which of the page's authors the viewer blocked (findBlockedAmong).
 */
export function presentPost(row: PostRow, viewer: Pick<SessionUser, "id" | "isAdmin" | "isModerator">, reactions: ReactionCounts, blockedAuthors: ReadonlySet<number>): Post {
  const hidden = row.hiddenAt !== null;
  // Hidden by flags: its text reaches only its author and staff (decisions.md "Moderation by the community").
  const textShown = !hidden || canSeeHiddenText(viewer, row);
  return {
    id: row.id,
    content: textShown ? row.content : "",
    html: textShown ? storedHtml(row) : "",
    hidden,
    topicId: row.topicId,
    authorId: row.authorId,
    isEdited: row.isEdited,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    authorRole: roleOf({ isAdmin: row.authorIsAdmin, isModerator: row.authorIsModerator }),
    authorPostsCount: row.authorPostsCount,
    canEdit: canEditPost(viewer, row),
    canDelete: canDeletePost(viewer, row),
    canReact: reactionRefusal(viewer, row) === null,
    reactions: presentPostReactions(reactions, row.id),
    authorBlocked: blockedAuthors.has(row.authorId),
  };
}

/**
 * The posts of a page whose first post is the topic's `firstNumber`th, each with its `number` (the
 * `around` page). Numbers are added in place, so the ordinary pages, presented without them, pay
 * nothing (docs/performance.md on presenters).
 */
export function presentNumberedPosts(
  rows: PostRow[],
  viewer: Pick<SessionUser, "id" | "isAdmin" | "isModerator">,
  reactions: ReactionCounts,
  blockedAuthors: ReadonlySet<number>,
  firstNumber: number,
): Post[] {
  return rows.map((row, index) => Object.assign(presentPost(row, viewer, reactions, blockedAuthors), { number: firstNumber + index }));
}
