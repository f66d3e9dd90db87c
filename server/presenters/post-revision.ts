import type { PostRevision, PostRevisions } from "@shared/types";
import type { PostRevisionRow } from "../queries/post-revisions";
import type { PostRow } from "./post";
import { isoTime } from "./iso-time";
import { storedHtml } from "./markdown-html";
import { canSeeHiddenText } from "../policies/flags";

type Viewer = { id: number; isAdmin: boolean; isModerator: boolean };

const presentRevision = (row: PostRevisionRow): PostRevision => ({
  version: row.version,
  content: row.content,
  html: row.html,
  editedAt: isoTime(row.editedAt),
});

/**
 * The post's text as it stands (the newest version, first), then the texts it replaced, newest first.
 * A post hidden by flags keeps its versions and dates, but their texts reach only its author and staff.
 */
export function presentPostRevisions(post: PostRow, earlier: PostRevisionRow[], viewer: Viewer): PostRevisions {
  const current: PostRevision = {
    version: (earlier[0]?.version ?? 0) + 1,
    content: post.content,
    html: storedHtml(post),
    editedAt: isoTime(post.isEdited ? post.updatedAt : post.createdAt),
  };
  const revisions = [current, ...earlier.map(presentRevision)];
  if (post.hiddenAt === null || canSeeHiddenText(viewer, post)) return { revisions };
  return { revisions: revisions.map((revision) => ({ ...revision, content: "", html: "" })) };
}
