import { count, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts, topics, users } from "../db/schema";
import { keepRevision } from "./revisions";
import { forbidden, notFound } from "../errors";
import { authorize } from "../policies/authorize";
import { canDeletePost, canEditPost, canModerateTopic, canReply } from "../policies/forum";
import { recordModeration } from "./record-moderation";
import { addTopicStarter, notifyEditedPost, notifyOpenerMentions, notifyNewPost, withdrawPostNotifications } from "./notify";
import { findPost } from "../queries/forum";
import { renderAsAuthor } from "../markdown/render-as-author";
import { advanceReadPosition } from "./read-position";
import { holdTopicCategories } from "./categories";
import { discardDraft } from "./drafts";
import { draftKeys } from "@shared/schemas/drafts";
import { forumChanged, forumTags } from "../cache/forum-changes";
import type { NewMemberPeriod } from "../policies/new-member";
import { takeNewMemberAllowance } from "./new-member-allowance";
import { announceTopicEvent } from "./topic-events";
import { queuePostPreviews } from "./link-previews";
import { censoredSource, raiseWatchedWordFlag, screenWrite } from "./watched-words";
import type { WordMatcher } from "../watched-words/matcher";

/**
 * Forum writes that touch counters. Each runs in one transaction and locks the topic row first, so
 * concurrent posting and deleting in a topic take turns and postsCount / lastPostAt stay exact.
 * Lock order is always topic, then post, then users, so these cannot deadlock each other (a new
 * member's allowance lock comes before all of them: new-member-allowance.ts).
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: number; isAdmin: boolean; isModerator: boolean };

const TOPIC_NOT_FOUND = "Topic not found";
const POST_NOT_FOUND = "Post not found";

async function lockTopic(tx: Tx, topicId: number) {
  const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId)).for("update");
  if (!topic) throw notFound(TOPIC_NOT_FOUND);
  return topic;
}

/** The newest remaining post's time, read from the end of the (topic_id, id) index. */
const newestPostAt = (topicId: number) =>
  sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.topicId} = ${topicId} ORDER BY ${posts.id} DESC LIMIT 1)`;

/**
 * A new topic, already "read" by its author (it is not new to them), who will hear of replies. Its
 * category must exist (400); the triggers count it there and under each of its tags. `newMember`:
 * the author's first period when the new-member limit applies to them, else null.
 */
export async function createTopic(
  db: Db,
  input: { title: string; description: string | null; createdBy: number; categoryId: number; tags: string[] },
  newMember: NewMemberPeriod | null,
  words: WordMatcher,
) {
  // Watched words (docs/decisions/064): a blocked one refuses it, a censored one reads ■■■ in the title and the rendered opener.
  const flagged = screenWrite(words, input.title, input.description);
  // The opener is rendered as a post is (docs/product.md "The opener is a post"), before the transaction.
  const rendered = input.description === null ? null : await renderAsAuthor(db, input.createdBy, input.description, words);
  return db.transaction(async (tx) => {
    await takeNewMemberAllowance(tx, newMember, "topics");
    await holdTopicCategories(tx, input.categoryId);
    const [topic] = await tx
      .insert(topics)
      .values({
        ...input,
        title: words.censor(input.title),
        descriptionCensored: censoredSource(words, input.description),
        descriptionHtml: rendered?.html ?? null,
        descriptionText: rendered?.text ?? null,
      })
      .returning({ id: topics.id });
    if (flagged) await raiseWatchedWordFlag(tx, { type: "topic", id: topic!.id, authorId: input.createdBy }, flagged);
    await advanceReadPosition(tx, input.createdBy, topic!.id, 0);
    await addTopicStarter(tx, topic!.id, input.createdBy);
    await notifyOpenerMentions(tx, { id: topic!.id, createdBy: input.createdBy, description: input.description }, null);
    await discardDraft(tx, input.createdBy, draftKeys.newTopic());
    await forumChanged(tx, [forumTags.lists]);
    await announceTopicEvent(tx, topic!.id, "topic_created");
    return topic!;
  });
}

/** A reply in a topic; `newMember` as for createTopic. */
export async function createPost(db: Db, input: { topicId: number; authorId: number; content: string }, newMember: NewMemberPeriod | null, words: WordMatcher) {
  const flagged = screenWrite(words, input.content);
  // Rendered before the topic is locked: other writers in the topic do not wait for it.
  const { html, text } = await renderAsAuthor(db, input.authorId, input.content, words);
  return db.transaction(async (tx) => {
    await takeNewMemberAllowance(tx, newMember, "posts");
    const topic = await lockTopic(tx, input.topicId);
    if (!canReply(topic)) throw forbidden("Topic is locked");
    // Stamped after the topic lock (not at transaction start), so within a topic a later post
    // always has a later time and lastPostAt is simply the newest post's time.
    const now = sql`clock_timestamp()`;
    const [post] = await tx.insert(posts).values({ ...input, contentCensored: censoredSource(words, input.content), html, plainText: text, createdAt: now, updatedAt: now }).returning();
    if (flagged) await raiseWatchedWordFlag(tx, { type: "post", id: post!.id, authorId: input.authorId }, flagged);
    const [counted] = await tx
      .update(topics)
      // Read back in SQL: the returned Date keeps milliseconds, the column keeps microseconds.
      .set({ postsCount: sql`${topics.postsCount} + 1`, lastPostAt: sql`(SELECT ${posts.createdAt} FROM ${posts} WHERE ${posts.id} = ${post!.id})` })
      .where(eq(topics.id, topic.id))
      .returning({ postsCount: topics.postsCount });
    await tx.update(users).set({ postsCount: sql`${users.postsCount} + 1` }).where(eq(users.id, input.authorId));
    // The author has read their own post.
    await advanceReadPosition(tx, input.authorId, topic.id, post!.id);
    await notifyNewPost(tx, { ...post!, authorId: input.authorId });
    await discardDraft(tx, input.authorId, draftKeys.topic(topic.id));
    // The topic's pages, its place in the lists, and the author's posts count wherever they posted.
    await forumChanged(tx, [forumTags.topic(topic.id), forumTags.lists, forumTags.member(input.authorId)]);
    await announceTopicEvent(tx, topic.id, "post_created", post!.id);
    await queuePostPreviews(tx, post!.id, input.content);
    // Read for the answer in the same transaction: once committed, the post is answered 201 even if
    // the pool is busy or the database goes away right after (no stored post answered 503). Its
    // number is the topic's count under the topic lock: the client appends it without asking again.
    return { row: (await findPost(tx, post!.id))!, number: counted!.postsCount };
  });
}

/**
 * Its author's new text for a post; the text it replaces is kept as a revision. Members it newly
 * names are told (read under the row lock, so two edits cannot both tell them).
 */
export async function editPost(db: Db, actor: Actor, postId: number, content: string, words: WordMatcher) {
  const flagged = screenWrite(words, content);
  // Only the author may edit, so the new text is rendered as the actor (checked below, under the lock).
  const { html, text } = await renderAsAuthor(db, actor.id, content, words);
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for("update");
    if (!post) throw notFound(POST_NOT_FOUND);
    authorize(canEditPost(actor, post), "You can only edit your own posts");
    await keepRevision(tx, { kind: "post", id: post.id, authorId: actor.id, content: post.content, html: post.html, writtenAt: post.updatedAt });
    await tx.update(posts).set({ content, contentCensored: censoredSource(words, content), html, plainText: text, isEdited: true }).where(eq(posts.id, postId));
    if (flagged) await raiseWatchedWordFlag(tx, { type: "post", id: post.id, authorId: actor.id }, flagged);
    await notifyEditedPost(tx, { ...post, authorId: actor.id, content }, post.content);
    await forumChanged(tx, [forumTags.topic(post.topicId)]);
    await announceTopicEvent(tx, post.topicId, "post_edited", post.id);
    await queuePostPreviews(tx, post.id, content);
  });
}

export function deletePost(db: Db, actor: Actor, postId: number) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ topicId: posts.topicId }).from(posts).where(eq(posts.id, postId));
    if (!target) throw notFound(POST_NOT_FOUND);
    await lockTopic(tx, target.topicId);
    // Read again under the topic lock: a concurrent delete may have won.
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for("update");
    if (!post) throw notFound(POST_NOT_FOUND);
    authorize(canDeletePost(actor, post), "You can only delete your own posts");
    await withdrawPostNotifications(tx, { postId: post.id });
    await tx.delete(posts).where(eq(posts.id, postId));
    await tx
      .update(topics)
      .set({ postsCount: sql`${topics.postsCount} - 1`, lastPostAt: newestPostAt(post.topicId) })
      .where(eq(topics.id, post.topicId));
    // A post that outlived its deleted author counts for nobody.
    if (post.authorId !== null) await tx.update(users).set({ postsCount: sql`${users.postsCount} - 1` }).where(eq(users.id, post.authorId));
    await forumChanged(tx, [forumTags.topic(post.topicId), forumTags.lists, ...(post.authorId === null ? [] : [forumTags.member(post.authorId)])]);
    await announceTopicEvent(tx, post.topicId, "post_deleted", post.id);
  });
}

/** Deletes a topic with every post in it (staff: canModerateTopic), taking each author's posts off their count; the public log records it. */
export function deleteTopic(db: Db, actor: Actor & { username: string }, topicId: number) {
  return db.transaction(async (tx) => {
    const topic = await lockTopic(tx, topicId);
    authorize(canModerateTopic(actor), "Only staff can delete topics");
    const perAuthor = tx
      .select({ authorId: posts.authorId, removed: count().as("removed") })
      .from(posts)
      .where(eq(posts.topicId, topicId))
      .groupBy(posts.authorId)
      .as("per_author");
    const corrected = await tx
      .update(users)
      .set({ postsCount: sql`${users.postsCount} - ${perAuthor.removed}` })
      .from(perAuthor)
      .where(eq(users.id, perAuthor.authorId))
      .returning({ removed: perAuthor.removed });
    await tx.delete(topics).where(eq(topics.id, topicId));
    await recordModeration(tx, { action: "delete_topic", moderator: actor, targetType: "topic", targetLabel: topic.title });
    // Passed on over /ws to open views of it.
    await announceTopicEvent(tx, topicId, "topic_deleted");
    // Every author in it has fewer posts now, shown on whatever pages they posted: rare enough to clear everything.
    await forumChanged(tx, [forumTags.everything]);
    return { deletedPosts: corrected.reduce((sum, row) => sum + Number(row.removed), 0) };
  });
}
