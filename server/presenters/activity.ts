import type { ActivityItem, ActivityPage } from "@shared/types";
import { activityCursorOf, type ActivityRow } from "../queries/activity";
import { markdownPlainText } from "../markdown/render";
import { isoTime } from "./iso-time";
import { canSeeHiddenText } from "../policies/flags";

type Viewer = { id: number; isAdmin: boolean; isModerator: boolean };

/** `viewer` sees the excerpt of a hidden post or comment only if it is theirs (`authorId`: whose activity) or they are staff. */
export function presentActivityItem(row: ActivityRow, viewer: Viewer, authorId: number): ActivityItem {
  if (row.hidden && !canSeeHiddenText(viewer, { authorId })) return { ...presentShown(row), content: "" };
  return presentShown(row);
}

function presentShown(row: ActivityRow): ActivityItem {
  return {
    type: row.type,
    id: row.id,
    createdAt: isoTime(new Date(row.created_at)),
    // Excerpts are plain text: a comment's (short) Markdown loses its marks here, a post's was stored without them.
    content: row.type === "profile_comment" && row.content !== null ? markdownPlainText(row.content) : row.content,
    title: row.title,
    topicTitle: row.topic_title,
    targetUser: row.target_user,
  };
}

/** A page of `authorId`'s activity; `rows` holds one more than the page when another follows. */
export function presentActivityPage(rows: ActivityRow[], pageSize: number, viewer: Viewer, authorId: number): ActivityPage {
  const shown = rows.slice(0, pageSize);
  return {
    items: shown.map((row) => presentActivityItem(row, viewer, authorId)),
    nextCursor: rows.length > pageSize ? activityCursorOf(shown.at(-1)!) : null,
  };
}
