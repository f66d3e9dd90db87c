import type { Bookmark, BookmarksPage } from "@shared/types";
import type { BookmarkRow } from "../queries/bookmarks";
import type { PageReaderParts } from "../queries/page-reader-parts";
import { isoTime } from "./iso-time";
import { presentPost } from "./post";
import type { Viewer } from "./viewer";

/** One of the viewer's bookmarks: the post as the topic shows it to them (`parts`: findPageReaderParts of the page's posts). */
export function presentBookmark(row: BookmarkRow, viewer: Viewer, parts: PageReaderParts): Bookmark {
  return {
    id: row.bookmarkId,
    post: presentPost(row, viewer, parts),
    topic: { id: row.topicId, title: row.topicTitle },
    remindAt: row.remindAt === null ? null : isoTime(row.remindAt),
    createdAt: isoTime(row.bookmarkedAt),
  };
}

/** A page of bookmarks; `rows` holds one more than the page when another follows. */
export function presentBookmarksPage(rows: BookmarkRow[], pageSize: number, viewer: Viewer, parts: PageReaderParts): BookmarksPage {
  const shown = rows.slice(0, pageSize);
  return {
    bookmarks: shown.map((row) => presentBookmark(row, viewer, parts)),
    nextCursor: rows.length > pageSize ? String(shown.at(-1)!.bookmarkId) : null,
  };
}
