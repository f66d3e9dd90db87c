import { Router } from "express";
import type { ForumRouterDeps } from "../forum-router-deps";
import { postContentSchema, topicPostsQuerySchema, type TopicPostsQueryData } from "@shared/schemas/posts";
import { createPost, deletePost, editPost } from "../../commands/forum";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler, writer } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { newMemberPeriod } from "../../policies/new-member";
import { sendJsonWithETag } from "../../middlewares/etag";
import type { TopicPostsPage } from "../../cache/forum-cache";
import { forumTags } from "../../cache/forum-changes";
import { presentNewPost, presentPost } from "../../presenters/post";
import { PostsPageJson } from "../../presenters/posts-page-json";
import { presentPostRevisions } from "../../presenters/post-revision";
import { listPostRevisions } from "../../queries/post-revisions";
import { findPost, findTopic, listTopicPosts, listTopicPostsAround, listTopicPostsBefore } from "../../queries/forum";
import { findPageParts, readerPartsOf } from "../../queries/page-parts";
import { findPageReaderParts } from "../../queries/page-reader-parts";
import { parseId } from "../params";
import { findTopicCategoryGroups } from "../../queries/category-access";
import { readablePostOr404, refuseUnreadable, writablePostOr403, writableTopicOr403 } from "../category-access";

const POST_NOT_FOUND = "Post not found";
const TOPIC_NOT_FOUND = "Topic not found";

/**
 * Forum posts: a topic's posts and replies (/api/topics/{id}/posts), editing (author only) and
 * deleting (author or staff) one (/api/posts/{id}). Mounted at /api with its paths spelled out.
 */
export function postsRouter({
  db,
  reads,
  caches,
  writeLimit,
  newMemberHours,
  watchedWords,
}: ForumRouterDeps): Router {
  const router = Router();
  const topicId = (raw: unknown) => parseId(raw, TOPIC_NOT_FOUND);
  // The viewer's own post, with their parts of it (its reactions, whether they bookmarked it).
  const presentOwnPost = async (id: number, viewer: Express.User) => {
    const post = (await findPost(db, id))!;
    return presentPost(post, viewer, await findPageReaderParts(db, viewer.id, [post]));
  };

  // Only the `around` page knows its posts' numbers; the client counts every other page from its neighbours.
  const readTopicPosts = async (from: Db, id: number, { limit, after, before, around }: TopicPostsQueryData): Promise<TopicPostsPage> => {
    if (around !== undefined) return listTopicPostsAround(from, id, around);
    return { rows: before !== undefined ? await listTopicPostsBefore(from, id, { limit, before }) : await listTopicPosts(from, id, { limit, after }) };
  };

  // The page as every member sees it is kept (docs/decisions/037); reactions, bookmarks and what the reader may do are added per request.
  router.get("/topics/:id/posts", member, memberHandler(async (req, res) => {
    const id = topicId(req.params.id);
    const query = topicPostsQuerySchema.parse(req.query);
    const { limit, after, before, around } = query;
    const { rows, json, groups, parts } = await caches.topicPages.read(`${id}:${limit}:${after}:${before}:${around}`, async (forCache) => {
      const from = forCache ? db : reads.for(req);
      // Who may read the page: its category's groups, read first (a move after this clears the page).
      const groups = await findTopicCategoryGroups(from, id);
      const page = await readTopicPosts(from, id, query);
      // Posts prove the topic exists; only an empty page needs to ask whether it does. Not found is not kept.
      if (!groups || (page.rows.length === 0 && !(await findTopic(from, id)))) throw notFound(TOPIC_NOT_FOUND);
      return {
        value: { ...page, groups, json: new PostsPageJson(page.rows, page.firstNumber, forCache), parts: await findPageParts(from, page.rows) },
        tags: [forumTags.topic(id), ...new Set(page.rows.flatMap((post) => post.authorId ?? []).map(forumTags.member))],
      };
    });
    // The page is the same for every reader; whether this one may read it is asked per request (docs/decisions/063).
    refuseUnreadable(req.user, groups, TOPIC_NOT_FOUND);
    // The reader's own parts (their reactions, bookmarks, flags and whom they blocked) from what is kept
    // with the page; a client that just wrote reads them from the primary, in case the change was made
    // through another process that this one has not heard from yet (docs/decisions/067).
    const readerParts = reads.wroteRecently(req) ? await findPageReaderParts(reads.for(req), req.user.id, rows) : readerPartsOf(parts, req.user.id);
    sendJsonWithETag(req, res, json.answerFor(req.user, readerParts, caches.answers));
  }));

  router.post("/topics/:id/posts", writer, writeLimit, memberHandler(postContentSchema, async (req, res) => {
    const { content } = req.body;
    await writableTopicOr403(db, req.user, topicId(req.params.id), TOPIC_NOT_FOUND);
    const created = await createPost(db, { topicId: topicId(req.params.id), authorId: req.user.id, content }, newMemberPeriod(req.user, newMemberHours), await watchedWords.matcher());
    res.status(201).json(presentNewPost(created.row, created.number, req.user));
  }));

  router.patch("/posts/:id", writer, writeLimit, memberHandler(postContentSchema, async (req, res) => {
    const id = parseId(req.params.id, POST_NOT_FOUND);
    await writablePostOr403(db, req.user, id, POST_NOT_FOUND);
    await editPost(db, req.user, id, req.body.content, await watchedWords.matcher());
    res.json(await presentOwnPost(id, req.user));
  }));

  // A post's texts, newest first: 404 like the post itself when it or its topic is gone for the reader.
  router.get("/posts/:id/revisions", member, memberHandler(async (req, res) => {
    const post = await findPost(db, parseId(req.params.id, POST_NOT_FOUND));
    if (!post || !(await findTopic(db, post.topicId))) throw notFound(POST_NOT_FOUND);
    await readablePostOr404(db, req.user, post.id, POST_NOT_FOUND);
    res.json(presentPostRevisions(post, await listPostRevisions(db, post.id), req.user));
  }));

  router.delete("/posts/:id", member, noBody, memberHandler(async (req, res) => {
    const id = parseId(req.params.id, POST_NOT_FOUND);
    await readablePostOr404(db, req.user, id, POST_NOT_FOUND);
    await deletePost(db, req.user, id);
    res.json({ message: "Post deleted" });
  }));

  return router;
}
