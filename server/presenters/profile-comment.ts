import type { Viewer } from "./viewer";
import type { ProfileComment } from "@shared/types";
import type { profileComments } from "../db/schema";
import { canSeeHiddenText } from "../policies/flags";
import { readsUncensoredSource } from "../policies/watched-words";
import { canDeleteProfileComment } from "../policies/profile-comment";
import { storedHtml } from "./markdown-html";
import { isoTime } from "./iso-time";
import { roleOf } from "@shared/roles";
import type { AuthorRoleRow } from "../queries/author-role";

/** The author's columns are null once the comment outlived them (docs/decisions/058): shown as "Deleted member". */
export type ProfileCommentRow = typeof profileComments.$inferSelect & { authorUsername: string | null; authorAvatar: string | null } & AuthorRoleRow;

/** `flagged`: the comments the viewer has an open flag on (findViewerFlagged). */
export function presentProfileComment(row: ProfileCommentRow, viewer: Viewer, flagged: ReadonlySet<number> = new Set()): ProfileComment {
  const hidden = row.hiddenAt !== null;
  // Hidden by flags: its text reaches only its author and staff.
  const textShown = !hidden || canSeeHiddenText(viewer, row);
  return {
    id: row.id,
    profileUserId: row.profileUserId,
    authorId: row.authorId,
    // Its source as written for its author and staff, censored words as ■■■ for others.
    content: textShown ? (readsUncensoredSource(viewer, row) ? row.content : (row.contentCensored ?? row.content)) : "",
    html: textShown ? storedHtml(row) : "",
    hidden,
    createdAt: isoTime(row.createdAt),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
    authorRole: roleOf({ isAdmin: row.authorIsAdmin, isModerator: row.authorIsModerator }),
    canDelete: canDeleteProfileComment(viewer, row),
    viewerFlagged: flagged.has(row.id),
  };
}
