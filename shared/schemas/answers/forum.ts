import { z } from "zod";
import { REACTIONS } from "../../reactions";
import { SEARCH_COUNT_LIMIT, TOPIC_NOTIFICATION_LEVELS } from "../../constants";
import { roleSchema } from "./users";
import { avatarSchema, countSchema, idSchema, isoTimeSchema, memberSummarySchema, viewerFlaggedSchema } from "./common";

/** One reaction on a post (or a topic's opener): how many gave it, and whether the viewer did. */
export const postReactionSchema = z.strictObject({ reaction: z.enum(REACTIONS), count: z.int().positive(), reacted: z.boolean() }).meta({ id: "PostReaction" });

const topicFields = {
  id: idSchema,
  title: z.string(),
  description: z.string().nullable().meta({ description: "The opener's Markdown source, as written; null without one, or when hidden from the viewer." }),
  descriptionText: z.string().nullable().meta({ description: "The opener as plain text (no Markdown marks), for excerpts; null like description." }),
  descriptionHidden: z.boolean().meta({ description: "The opener hidden after flags until reviewed: its text reaches only its author and staff (never the lists)." }),
  descriptionEdited: z.boolean().meta({ description: "The opener was edited: GET /api/topics/{id}/revisions has its earlier texts." }),
  createdBy: idSchema.nullable().meta({ description: "Null (with the author's name and avatar) once the topic outlived its deleted starter: \"Deleted member\"." }),
  categoryId: idSchema,
  tags: z.array(z.string()),
  postsCount: countSchema,
  lastPostAt: isoTimeSchema.nullable(),
  isLocked: z.boolean(),
  isPinned: z.boolean(),
  createdAt: isoTimeSchema,
  updatedAt: isoTimeSchema,
  authorUsername: z.string().nullable(),
  authorAvatar: avatarSchema,
  authorRole: roleSchema,
  canReply: z.boolean(),
  canEdit: z.boolean(),
  canModerate: z.boolean(),
};
/** What only a topic's own answers carry: the opener rendered, and its reactions, as a post's. */
const openerFields = {
  viewerFlagged: viewerFlaggedSchema,
  descriptionHtml: z.string().nullable().meta({ description: "The opener rendered and sanitized by the server; null like description." }),
  canReact: z.boolean(),
  reactions: z.array(postReactionSchema),
};
export const topicSchema = z.strictObject({ ...topicFields, ...openerFields }).meta({ id: "Topic" });
/** A topic in the list, with the reader's unread state. */
const notificationLevel = z.enum(TOPIC_NOTIFICATION_LEVELS).meta({ description: "The reader's level for the topic: tracking unless they chose another." });
export const topicListItemSchema = z
  .strictObject({ ...topicFields, unreadCount: countSchema, isNew: z.boolean(), notificationLevel })
  .meta({ id: "TopicListItem" });
/** GET /api/topics/{id}: the topic and how far the reader has read it (null: never opened). */
export const topicDetailSchema = z
  .strictObject({ ...topicFields, ...openerFields, lastReadPostId: countSchema.nullable().meta({ description: "0: opened while it had no posts." }), notificationLevel })
  .meta({ id: "TopicDetail" });
/** PUT /api/topics/{id}/read: the read position now (0: before the first post). */
export const readPositionAnswerSchema = z.strictObject({ lastReadPostId: countSchema }).meta({ id: "ReadPosition" });
/** DELETE /api/topics/{id} */
export const deletedTopicSchema = z.strictObject({ message: z.string(), deletedPosts: countSchema }).meta({ id: "DeletedTopic" });

/** PUT and DELETE /api/posts/{id}/reactions/{reaction}: the post's reactions as they now stand. */
export const postReactionsSchema = z.strictObject({ reactions: z.array(postReactionSchema) }).meta({ id: "PostReactions" });
/** GET /api/posts/{id}/reactions: who gave each reaction. */
export const postReactorsSchema = z
  .strictObject({ reactions: z.array(z.strictObject({ reaction: z.enum(REACTIONS), members: z.array(memberSummarySchema) })) })
  .meta({ id: "PostReactors" });

export const postSchema = z
  .strictObject({
    id: idSchema,
    content: z.string().meta({ description: "The Markdown source, as written." }),
    html: z.string().meta({ description: "The content rendered and sanitized by the server." }),
    hidden: z.boolean().meta({ description: "Hidden after flags until reviewed: content and html are \"\" for everyone but its author and staff." }),
    topicId: idSchema,
    authorId: idSchema.nullable().meta({ description: "Null (with the author's name and avatar) once the post outlived its deleted author: \"Deleted member\"." }),
    isEdited: z.boolean(),
    createdAt: isoTimeSchema,
    updatedAt: isoTimeSchema,
    authorUsername: z.string().nullable(),
    authorAvatar: avatarSchema,
    authorRole: roleSchema,
    authorPostsCount: countSchema,
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canReact: z.boolean(),
    reactions: z.array(postReactionSchema),
    authorBlocked: z.boolean(),
    bookmarked: z.boolean().meta({ description: "Whether the reader bookmarked it." }),
    viewerFlagged: viewerFlaggedSchema,
    number: z.int().positive().optional().meta({ description: "Its place in the topic (#1 onward): on the `around` page, and on a new reply's 201 answer." }),
  })
  .meta({ id: "Post" });

/** One of a member's bookmarks: the post as the topic shows it, its topic, and the reminder if one is set. */
export const bookmarkAnswerSchema = z
  .strictObject({
    id: idSchema,
    post: postSchema,
    topic: z.strictObject({ id: idSchema, title: z.string() }),
    remindAt: isoTimeSchema.nullable(),
    createdAt: isoTimeSchema,
  })
  .meta({ id: "Bookmark" });
/** PUT /api/bookmarks/posts/{postId} */
export const bookmarkSetSchema = z.strictObject({ bookmark: bookmarkAnswerSchema }).meta({ id: "BookmarkSet" });
/** GET /api/bookmarks: newest first. */
export const bookmarksPageSchema = z.strictObject({ bookmarks: z.array(bookmarkAnswerSchema), nextCursor: z.string().nullable() }).meta({ id: "BookmarksPage" });

/** GET /api/posts/{id}/revisions: newest first, the current text first. */
export const postRevisionsSchema = z
  .strictObject({ revisions: z.array(z.strictObject({ version: z.int().positive(), content: z.string(), html: z.string(), editedAt: isoTimeSchema })) })
  .meta({ id: "PostRevisions" });

/** POST /api/preview: the text rendered as the caller's. */
export const previewAnswerSchema = z.strictObject({ html: z.string() }).meta({ id: "Preview" });

/** GET /api/drafts/{key} */
export const draftAnswerSchema = z
  .strictObject({
    content: z.string(),
    topic: z
      .strictObject({ title: z.string(), categoryId: idSchema.nullable(), tags: z.array(z.string()) })
      .optional()
      .meta({ description: "The new topic's title, category and tags, in a new-topic draft saved with them." }),
    updatedAt: isoTimeSchema,
  })
  .meta({ id: "Draft" });

/** A forum category. */
export const categorySchema = z
  .strictObject({
    id: idSchema,
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    color: z.string().meta({ description: "`#rrggbb`, lowercase." }),
    position: z.int().positive(),
    topicsCount: countSchema,
    readGroups: z.array(idSchema).meta({ description: "The groups whose members read it (ids); empty: every member. Staff read every category." }),
    writeGroups: z.array(idSchema).meta({ description: "The groups whose members start topics and reply in it (ids); empty: every member who reads it." }),
    canPost: z.boolean().meta({ description: "Whether the caller may start topics and reply in it." }),
  })
  .meta({ id: "Category" });
export const categoriesSchema = z.strictObject({ categories: z.array(categorySchema) }).meta({ id: "Categories" });
/** DELETE /api/admin/categories/{id} */
export const deletedCategorySchema = z.strictObject({ message: z.string(), movedTopics: countSchema }).meta({ id: "DeletedCategory" });
/** GET /api/tags?q= */
export const tagsSchema = z.strictObject({ tags: z.array(z.strictObject({ name: z.string(), topicsCount: countSchema })) }).meta({ id: "Tags" });

/** A `[start, end)` range of characters that matched the search. */
const highlightsSchema = z.array(z.tuple([countSchema, countSchema]));
const searchPage = <T extends z.ZodType>(result: T, id: string) =>
  z.strictObject({ results: z.array(result), nextCursor: z.string().nullable() }).meta({ id });
/** One post found: plain text around the best match (at most 240 characters), with the matches in it. */
export const postSearchResultSchema = z.strictObject({
  postId: idSchema,
  topicId: idSchema,
  topicTitle: z.string(),
  authorUsername: z.string().nullable(),
  authorAvatar: avatarSchema,
  createdAt: isoTimeSchema,
  snippet: z.string(),
  highlights: highlightsSchema,
});
/** One topic found, the matches in its title. */
export const topicSearchResultSchema = z.strictObject({
  topicId: idSchema,
  title: z.string(),
  description: z.string().nullable().meta({ description: "The opener as plain text (no Markdown marks)." }),
  authorUsername: z.string().nullable(),
  postsCount: countSchema,
  lastPostAt: isoTimeSchema.nullable(),
  highlights: highlightsSchema,
});
/** One member found. */
export const memberSearchResultSchema = z.strictObject({ id: idSchema, username: z.string(), avatar: avatarSchema, isAdmin: z.boolean(), role: roleSchema, postsCount: countSchema });
/** GET /api/search: a page of the asked `type` of results. */
export const searchAnswerSchema = z.union([
  searchPage(postSearchResultSchema, "PostSearchPage"),
  searchPage(topicSearchResultSchema, "TopicSearchPage"),
  searchPage(memberSearchResultSchema, "MemberSearchPage"),
]);
const searchCountSchema = countSchema.max(SEARCH_COUNT_LIMIT);
/** GET /api/search/counts: each type's results, up to SEARCH_COUNT_LIMIT (that many means more). */
export const searchCountsAnswerSchema = z
  .strictObject({ counts: z.strictObject({ posts: searchCountSchema, topics: searchCountSchema, members: searchCountSchema }) })
  .meta({ id: "SearchCounts" });
