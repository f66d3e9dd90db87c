import { bookmarkSchema, bookmarksQuerySchema } from "@shared/schemas/bookmarks";
import { bookmarkSetSchema, bookmarksPageSchema } from "@shared/schemas/answers/forum";
import { idParamSchema } from "@shared/schemas/fields";
import { z } from "zod";
import type { RouteDoc } from "./route-doc";

const postParams = z.object({ postId: idParamSchema });

/** server/routes/bookmarks/ */
export const bookmarksRoutes: RouteDoc[] = [
  {
    method: "get",
    path: "/api/bookmarks",
    summary: "Your bookmarks",
    description: "Newest first, 20 a page; `cursor` is the previous page's `nextCursor`.",
    access: "member",
    query: bookmarksQuerySchema,
    answers: { 200: { description: "A page of them.", schema: bookmarksPageSchema } },
  },
  {
    method: "put",
    path: "/api/bookmarks/posts/:postId",
    summary: "Bookmark a post",
    description: "Again: the same bookmark, its reminder replaced. With `remindAt` (in the future) a `bookmark_reminder` notification comes then, once; without it, no reminder. At most 500 bookmarks.",
    access: "member",
    params: postParams,
    body: bookmarkSchema,
    answers: { 200: { description: "The bookmark.", schema: bookmarkSetSchema } },
    errors: { 400: "`remindAt` not a date and time, or not in the future.", 404: "No such post.", 409: "500 bookmarks already." },
  },
  {
    method: "delete",
    path: "/api/bookmarks/posts/:postId",
    summary: "Remove a bookmark",
    description: "And its reminder. Removing one you do not have changes nothing.",
    access: "member",
    params: postParams,
    answers: { 204: { description: "Removed." } },
    errors: { 404: "`postId` is not a post's id." },
  },
];
