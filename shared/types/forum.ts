import type { z } from "zod";
import type { bookmarkAnswerSchema, bookmarkSetSchema, bookmarksPageSchema, postReactionSchema, postReactionsSchema, postReactorsSchema, postRevisionsSchema, postSchema, previewAnswerSchema, readPositionAnswerSchema, topicDetailSchema, topicListItemSchema, topicSchema } from "../schemas/answers/forum";

export type Topic = z.output<typeof topicSchema>;

/** A topic in the list, with the signed-in member's unread state (docs/notifications.md#unread). */
export type TopicListItem = z.output<typeof topicListItemSchema>;

/** GET /api/topics/{id}: the topic and how far the member has read it (null: never opened). */
export type TopicDetail = z.output<typeof topicDetailSchema>;

/** PUT /api/topics/{id}/read */
export type ReadPosition = z.output<typeof readPositionAnswerSchema>;

export type Post = z.output<typeof postSchema>;

/** One text a post has had: version 1 as first posted, the highest its text now. */
export type PostRevision = PostRevisions["revisions"][number];

/** GET /api/posts/{id}/revisions: newest first, the current text first. */
export type PostRevisions = z.output<typeof postRevisionsSchema>;

/** POST /api/preview: the text rendered as the caller's. */
export type Preview = z.output<typeof previewAnswerSchema>;

/** One reaction on a post: how many gave it, and whether the viewer did (docs/product.md "Reactions"). */
export type PostReaction = z.output<typeof postReactionSchema>;

/** PUT and DELETE /api/posts/{id}/reactions/{reaction}: the post's reactions as they now stand. */
export type PostReactionsAnswer = z.output<typeof postReactionsSchema>;

/** GET /api/posts/{id}/reactions: who gave each reaction (those given, in the set's order). */
export type PostReactors = z.output<typeof postReactorsSchema>;

/** One of a member's bookmarks (docs/product.md "Bookmarks and reminders"). */
export type Bookmark = z.output<typeof bookmarkAnswerSchema>;
/** PUT /api/bookmarks/posts/{postId} */
export type BookmarkSet = z.output<typeof bookmarkSetSchema>;
/** GET /api/bookmarks */
export type BookmarksPage = z.output<typeof bookmarksPageSchema>;
