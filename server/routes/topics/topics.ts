import { Router } from "express";
import type { ForumRouterDeps } from "../forum-router-deps";
import {
  createTopicSchema,
  readPositionSchema,
  topicListQuerySchema,
  updateTopicSchema,
} from "@shared/schemas/topics";
import { DEFAULT_TOP_PERIOD, GENERAL_CATEGORY_ID } from "@shared/constants";
import type { ReadPosition } from "@shared/types";
import { createTopic, deleteTopic } from "../../commands/forum";
import { markTopicRead } from "../../commands/read-position";
import { updateTopic } from "../../commands/update-topic";
import { badRequest, notFound } from "../../errors";
import { readableScope, readsOpenOnly } from "../../policies/category-access";
import { findCategory } from "../../queries/categories";
import { readableTopicOr404, refuseUnwritable, writableTopicOr403 } from "../category-access";
import { member, memberHandler, moderator, writer } from "../../middlewares/guards";
import { newMemberPeriod } from "../../policies/new-member";
import { noBody } from "../../middlewares/validate";
import { presentTopic, presentTopicDetail, presentTopicListItem } from "../../presenters/topic";
import { TopicListJson } from "../../presenters/topic-list-json";
import { findReaderStates, findTopic, findTopicForMember, listLatestTopics, listTopics, listTopTopics, type TopicListQuery } from "../../queries/forum";
import type { KeptTopicList } from "../../cache/forum-cache";
import type { Cached } from "../../cache/shared-cache";
import type { Db } from "../../db/client";
import { forumTags } from "../../cache/forum-changes";
import { sendJsonWithETag } from "../../middlewares/etag";
import { parseId } from "../params";
import { listReactionCounts } from "../../queries/reactions";
import { findViewerFlagged } from "../../queries/flags";
import { listRevisions } from "../../queries/post-revisions";
import { presentTopicRevisions } from "../../presenters/post-revision";

const TOPIC_NOT_FOUND = "Topic not found";

/**
 * The lists every member sees alike, kept (docs/decisions/037, 051): the first pages, without a
 * category or tag, of the plain list (latest) and of Top over a day … year. Undefined: read per request.
 */
function keptListKey(query: TopicListQuery): string | undefined {
  if (query.category !== undefined || query.tag !== undefined || query.after !== undefined) return undefined;
  const filter = query.filter ?? "latest";
  const period = query.period ?? DEFAULT_TOP_PERIOD;
  if (filter === "latest") return `latest-${query.limit}`;
  if (filter === "top" && period !== "all") return `top-${period}-${query.limit}`;
  return undefined;
}

/** A kept list's topics, with what clears them: any list change, their authors' changes, and for Top the time its ranking changes by itself. */
async function loadKeptList(db: Db, query: TopicListQuery, kept: boolean): Promise<Cached<KeptTopicList>> {
  const period = query.period ?? DEFAULT_TOP_PERIOD;
  const { rows, changesAt } =
    query.filter === "top" && period !== "all" ? await listTopTopics(db, period, query.limit) : { rows: await listLatestTopics(db, query.limit), changesAt: null };
  return {
    value: { rows, json: new TopicListJson(rows, kept) },
    tags: [forumTags.lists, ...rows.flatMap((topic) => topic.createdBy ?? []).map(forumTags.member)],
    expiresAt: changesAt?.getTime(),
  };
}

/** /api/topics: the forum's topics (their posts are routes/posts). */
export function topicsRouter({
  db,
  reads,
  caches,
  writeLimit,
  newMemberHours,
  watchedWords,
}: ForumRouterDeps): Router {
  const router = Router();
  const topicId = (raw: unknown) => parseId(raw, TOPIC_NOT_FOUND);
  const loadTopic = async (id: number) => {
    const topic = await findTopic(db, id);
    if (!topic) throw notFound(TOPIC_NOT_FOUND);
    return topic;
  };
  // The opener's reactions as the viewer sees them (docs/product.md "The opener is a post").
  const openerReactions = async (from: Db, id: number, viewer: Express.User) => (await listReactionCounts(from, [id], viewer.id, "topic")).get(id);
  const openerFlagged = async (from: Db, id: number, viewer: Express.User) => (await findViewerFlagged(from, viewer.id, "topic", [id])).has(id);
  const presentOwnTopic = async (id: number, viewer: Express.User) =>
    presentTopic(await loadTopic(id), viewer, await openerReactions(db, id, viewer), await openerFlagged(db, id, viewer));

  router.get("/", member, memberHandler(async (req, res) => {
    const query = topicListQuerySchema.parse(req.query);
    const scope = readableScope(req.user);
    // The kept lists hold the open categories alone: they answer only readers who read no closed one (docs/decisions/063).
    const key = readsOpenOnly(scope) ? keptListKey(query) : undefined;
    if (key === undefined) {
      const rows = await listTopics(reads.for(req), req.user, query, scope);
      return sendJsonWithETag(req, res, rows.map((topic) => presentTopicListItem(topic, req.user, topic)));
    }
    // The reader's unread state is read per request.
    const { rows, json } = await caches.topicLists.read(key, (forCache) => loadKeptList(forCache ? db : reads.for(req), query, forCache));
    const states = await findReaderStates(reads.for(req), req.user, rows);
    sendJsonWithETag(req, res, json.answerFor(req.user, states, caches.answers));
  }));

  // A topic is a write like a post: it counts under the same per-member limit.
  router.post("/", writer, writeLimit, memberHandler(createTopicSchema, async (req, res) => {
    const body = req.body;
    // A category the author may not read is none to them (400, as one that does not exist); one they read but may not write in is 403.
    refuseUnwritable(req.user, await findCategory(db, body.categoryId ?? GENERAL_CATEGORY_ID), "Category not found", badRequest);
    const created = await createTopic(db, {
      title: body.title,
      description: body.description || null,
      createdBy: req.user.id,
      categoryId: body.categoryId ?? GENERAL_CATEGORY_ID,
      tags: body.tags ?? [],
    }, newMemberPeriod(req.user, newMemberHours), await watchedWords.matcher());
    res.status(201).json(await presentOwnTopic(created.id, req.user));
  }));

  router.get("/:id", member, memberHandler(async (req, res) => {
    const id = topicId(req.params.id);
    const from = reads.for(req);
    await readableTopicOr404(db, req.user, id, TOPIC_NOT_FOUND);
    // The kept list and posts pages are filled from the primary: a topic they show may not have
    // reached the replica yet, and must open all the same.
    const topic = (await findTopicForMember(from, id, req.user.id)) ?? (from === db ? undefined : await findTopicForMember(db, id, req.user.id));
    if (!topic) throw notFound(TOPIC_NOT_FOUND);
    const [reactions, flagged] = await Promise.all([openerReactions(from, id, req.user), openerFlagged(from, id, req.user)]);
    res.json(presentTopicDetail(topic, req.user, reactions, flagged));
  }));

  router.put("/:id/read", member, memberHandler(readPositionSchema, async (req, res) => {
    const id = topicId(req.params.id);
    await loadTopic(id);
    await readableTopicOr404(db, req.user, id, TOPIC_NOT_FOUND);
    const lastReadPostId = await markTopicRead(db, req.user.id, id, req.body.postId);
    res.json({ lastReadPostId } satisfies ReadPosition);
  }));

  // Who may change what depends on the topic (its author, whether it is locked): the command decides under its row lock.
  router.patch("/:id", writer, writeLimit, memberHandler(updateTopicSchema, async (req, res) => {
    const id = topicId(req.params.id);
    await writableTopicOr403(db, req.user, id, TOPIC_NOT_FOUND);
    if (req.body.categoryId !== undefined) refuseUnwritable(req.user, await findCategory(db, req.body.categoryId), "Category not found", badRequest);
    await updateTopic(db, req.user, id, req.body, await watchedWords.matcher());
    res.json(await presentOwnTopic(id, req.user));
  }));

  // The opener's texts, newest first, as a post's (GET /api/posts/{id}/revisions).
  router.get("/:id/revisions", member, memberHandler(async (req, res) => {
    const topic = await loadTopic(topicId(req.params.id));
    await readableTopicOr404(db, req.user, topic.id, TOPIC_NOT_FOUND);
    res.json(presentTopicRevisions(topic, await listRevisions(db, "topic", topic.id), req.user));
  }));

  // Staff only (the command asks canModerateTopic too); the guard also refuses access tokens.
  router.delete("/:id", moderator, noBody, memberHandler(async (req, res) => {
    const { deletedPosts } = await deleteTopic(db, req.user, topicId(req.params.id));
    res.json({ message: "Topic deleted", deletedPosts });
  }));

  return router;
}
