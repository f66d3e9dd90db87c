import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { BOOKMARKS_PAGE_SIZE } from "@shared/constants";
import type { Db } from "../db/client";
import { bookmarks, posts, topics, users } from "../db/schema";
import { postWithAuthorColumns } from "./forum";
import { liveMember } from "./live-member";
import type { ReadableScope } from "../policies/category-access";
import { readableCategory, scopeValues } from "./category-access";

const starter = alias(users, "starter");

/**
 * A member's bookmarks with their posts as the topic shows them (docs/product.md "Bookmarks and
 * reminders"): only posts the reader can see (author and topic starter still members, as
 * findVisiblePost reads them).
 */
const bookmarksWithPosts = (db: Pick<Db, "select">) =>
  db
    .select({
      ...postWithAuthorColumns,
      bookmarkId: bookmarks.id,
      remindAt: bookmarks.remindAt,
      bookmarkedAt: bookmarks.createdAt,
      topicTitle: topics.title,
    })
    .from(bookmarks)
    .innerJoin(posts, eq(posts.id, bookmarks.postId))
    .innerJoin(users, and(eq(users.id, posts.authorId), liveMember))
    .innerJoin(topics, eq(topics.id, posts.topicId))
    .innerJoin(starter, and(eq(starter.id, topics.createdBy), isNull(starter.deletedAt)));

export type BookmarkRow = Awaited<ReturnType<ReturnType<typeof bookmarksWithPosts>["where"]>>[number];

/** One page of a member's bookmarks, newest first (bookmarks_user_id_id_idx), and one more to tell whether another page follows. */
export function listBookmarks(db: Pick<Db, "select">, userId: number, scope: ReadableScope, cursor?: number): Promise<BookmarkRow[]> {
  return bookmarksWithPosts(db)
    // A post in a category the member may no longer read is not listed (docs/decisions/063).
    .where(and(eq(bookmarks.userId, userId), cursor === undefined ? undefined : lt(bookmarks.id, cursor), readableCategory(topics.categoryId, scopeValues(scope))))
    .orderBy(desc(bookmarks.id))
    .limit(BOOKMARKS_PAGE_SIZE + 1);
}

/** A member's bookmark of a post, as listed. */
export async function findBookmark(db: Pick<Db, "select">, userId: number, postId: number): Promise<BookmarkRow | undefined> {
  const [row] = await bookmarksWithPosts(db).where(and(eq(bookmarks.userId, userId), eq(bookmarks.postId, postId)));
  return row;
}

/** How many bookmarks a member keeps (an index-only count of bookmarks_user_id_post_id_idx, at most 500 entries). */
export async function countBookmarks(db: Pick<Db, "select">, userId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(bookmarks).where(eq(bookmarks.userId, userId));
  return row?.count ?? 0;
}
