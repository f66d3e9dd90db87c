import type { Viewer } from "./viewer";
import type { Post } from "@shared/types";
import type { posts } from "../db/schema";
import { canSeeHiddenText } from "../policies/flags";
import { readsUncensoredSource } from "../policies/watched-words";
import { canDeletePost, canEditPost } from "../policies/forum";
import { reactionRefusal } from "../policies/reaction";
import { isSilencedNow } from "../policies/silence";
import type { PageReaderParts } from "../queries/page-reader-parts";
import { storedHtml } from "./markdown-html";
import { presentPostReactions } from "./reaction";
import { isoTime } from "./iso-time";
import { roleOf } from "@shared/roles";
import { authorGone } from "@shared/member-deletion";
import type { AuthorRoleRow } from "../queries/author-role";

/** The author's columns are null once the post outlived them (docs/decisions/058): shown as "Deleted member". */
export type PostRow = Omit<typeof posts.$inferSelect, "plainText"> & { authorUsername: string | null; authorAvatar: string | null; authorPostsCount: number | null } & AuthorRoleRow;

/** Whether the viewer gets the post's text: a post hidden by flags shows it only to its author and staff (docs/product.md "Moderation by the community"). */
export const postTextShown = (row: PostRow, viewer: Viewer) => row.hiddenAt === null || canSeeHiddenText(viewer, row);

/** Whether the viewer gets the post's source as written, censored words included (its author and staff), or with them as ■■■. */
export const postSourceShown = (row: PostRow, viewer: Viewer) => row.contentCensored === null || readsUncensoredSource(viewer, row);

/**
 * The fields of a post every viewer gets alike, given whether they get its text and its source as
 * written (`sourceShown`, else its censored words as ■■■): the cached pages serialize them once per
 * kind of reader (posts-page-json.ts).
 */
export function presentPostShared(row: PostRow, textShown: boolean, sourceShown = true) {
  return {
    id: row.id,
    content: textShown ? (sourceShown ? row.content : (row.contentCensored ?? row.content)) : "",
    html: textShown ? storedHtml(row) : "",
    hidden: row.hiddenAt !== null,
    topicId: row.topicId,
    authorId: row.authorId,
    isEdited: row.isEdited,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    authorRole: roleOf({ isAdmin: row.authorIsAdmin, isModerator: row.authorIsModerator }),
    authorPostsCount: row.authorPostsCount ?? 0,
  };
}

/** The fields of a post that are the viewer's own, after the shared ones. A silenced viewer may neither edit nor react. */
export function presentPostForViewer(row: PostRow, viewer: Viewer, { reactions, blockedAuthors, bookmarked, flagged }: PageReaderParts) {
  const writes = !isSilencedNow(viewer);
  return {
    canEdit: writes && canEditPost(viewer, row),
    canDelete: canDeletePost(viewer, row),
    canReact: writes && reactionRefusal(viewer, row) === null,
    reactions: presentPostReactions(reactions, row.id),
    authorBlocked: !authorGone(row.authorId) && blockedAuthors.has(row.authorId),
    bookmarked: bookmarked.has(row.id),
    viewerFlagged: flagged.has(row.id),
  };
}

/**
 * `parts`: the page's reaction counts and the viewer's own, which of the page's authors the viewer
 * blocked and which of its posts they bookmarked (findPageReaderParts).
 */
export function presentPost(row: PostRow, viewer: Viewer, parts: PageReaderParts): Post {
  return Object.assign(presentPostShared(row, postTextShown(row, viewer), postSourceShown(row, viewer)), presentPostForViewer(row, viewer, parts));
}

/** A reply just written, with its place in the topic: it has no reactions yet, its author blocks nobody's own post, and nobody bookmarked it. */
export function presentNewPost(row: PostRow, number: number, viewer: Viewer): Post {
  return Object.assign(presentPost(row, viewer, { reactions: new Map(), blockedAuthors: new Set(), bookmarked: new Set(), flagged: new Set() }), { number });
}
