import { Router } from "express";
import { BOOKMARKS_PAGE_SIZE } from "@shared/constants";
import { bookmarkSchema, bookmarksQuerySchema } from "@shared/schemas/bookmarks";
import type { BookmarkSet } from "@shared/types";
import { removeBookmark, setBookmark } from "../../commands/bookmarks";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { presentBookmark, presentBookmarksPage } from "../../presenters/bookmark";
import { findBookmark, listBookmarks } from "../../queries/bookmarks";
import { findPageReaderParts } from "../../queries/page-reader-parts";
import { parseId } from "../params";
import { readablePostOr404 } from "../category-access";
import { readableScope } from "../../policies/category-access";

const POST_NOT_FOUND = "Post not found";

/**
 * /api/bookmarks: the signed-in member's own bookmarks of posts, with their reminders
 * (docs/product.md "Bookmarks and reminders"). Bookmarking is not posting: a silenced member keeps
 * their bookmarks, so the guard is `member`.
 */
export function bookmarksRouter({ db }: { db: Db }): Router {
  const router = Router();
  const postId = (raw: unknown) => parseId(raw, POST_NOT_FOUND);

  router.get("/", member, memberHandler(async (req, res) => {
    const { cursor } = bookmarksQuerySchema.parse(req.query);
    const rows = await listBookmarks(db, req.user.id, readableScope(req.user), cursor);
    const parts = await findPageReaderParts(db, req.user.id, rows.slice(0, BOOKMARKS_PAGE_SIZE));
    res.json(presentBookmarksPage(rows, BOOKMARKS_PAGE_SIZE, req.user, parts));
  }));

  router.put("/posts/:postId", member, memberHandler(bookmarkSchema, async (req, res) => {
    const id = postId(req.params.postId);
    await readablePostOr404(db, req.user, id, POST_NOT_FOUND);
    await setBookmark(db, req.user.id, id, req.body.remindAt ? new Date(req.body.remindAt) : null);
    // Read after the commit: a post deleted in between has taken the bookmark with it.
    const row = await findBookmark(db, req.user.id, id);
    if (!row) throw notFound(POST_NOT_FOUND);
    res.json({ bookmark: presentBookmark(row, req.user, await findPageReaderParts(db, req.user.id, [row])) } satisfies BookmarkSet);
  }));

  router.delete("/posts/:postId", member, noBody, memberHandler(async (req, res) => {
    await removeBookmark(db, req.user.id, postId(req.params.postId));
    res.status(204).end();
  }));

  return router;
}
