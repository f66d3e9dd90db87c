import type { PostRevision, PostRevisions } from "@shared/types";
import type { PostRevisionRow } from "../queries/post-revisions";
import type { PostRow } from "./post";
import type { TopicRow } from "./topic";
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

/** A text as it stands now, whose earlier versions are kept: a post, or a topic's opener. */
interface CurrentText {
  content: string;
  html: string;
  writtenAt: Date;
  hidden: boolean;
  /** Null once the text outlived its deleted author. */
  authorId: number | null;
}

/**
 * The text as it stands (the newest version, first), then the texts it replaced, newest first.
 * A text hidden by flags keeps its versions and dates, but their texts reach only its author and staff.
 */
function presentRevisions(now: CurrentText, earlier: PostRevisionRow[], viewer: Viewer): PostRevisions {
  const current: PostRevision = { version: (earlier[0]?.version ?? 0) + 1, content: now.content, html: now.html, editedAt: isoTime(now.writtenAt) };
  const revisions = [current, ...earlier.map(presentRevision)];
  if (!now.hidden || canSeeHiddenText(viewer, now)) return { revisions };
  return { revisions: revisions.map((revision) => ({ ...revision, content: "", html: "" })) };
}

/** GET /api/posts/{id}/revisions. */
export function presentPostRevisions(post: PostRow, earlier: PostRevisionRow[], viewer: Viewer): PostRevisions {
  const now = { content: post.content, html: storedHtml(post), writtenAt: post.isEdited ? post.updatedAt : post.createdAt, hidden: post.hiddenAt !== null, authorId: post.authorId };
  return presentRevisions(now, earlier, viewer);
}

/** GET /api/topics/{id}/revisions: the opener's texts ("" for none), as a post's. */
export function presentTopicRevisions(topic: TopicRow, earlier: PostRevisionRow[], viewer: Viewer): PostRevisions {
  const content = topic.description ?? "";
  const now = {
    content,
    html: content === "" ? "" : storedHtml({ content, html: topic.descriptionHtml }),
    writtenAt: topic.descriptionEditedAt ?? topic.createdAt,
    hidden: topic.hiddenAt !== null,
    authorId: topic.createdBy,
  };
  return presentRevisions(now, earlier, viewer);
}
