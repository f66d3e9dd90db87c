import type { PostRevision, PostRevisions } from "@shared/types";
import type { PostRevisionRow } from "../queries/post-revisions";
import type { PostRow } from "./post";
import { isoTime } from "./iso-time";
import { storedHtml } from "./markdown-html";

const presentRevision = (row: PostRevisionRow): PostRevision => ({
  version: row.version,
  content: row.content,
  html: row.html,
  editedAt: isoTime(row.editedAt),
});

/** The post's text as it stands (the newest version, first), then the texts it replaced, newest first. */
export function presentPostRevisions(post: PostRow, earlier: PostRevisionRow[]): PostRevisions {
  const current: PostRevision = {
    version: (earlier[0]?.version ?? 0) + 1,
    content: post.content,
    html: storedHtml(post),
    editedAt: isoTime(post.isEdited ? post.updatedAt : post.createdAt),
  };
  return { revisions: [current, ...earlier.map(presentRevision)] };
}
