import { eq, sql } from "drizzle-orm";
import { renderAsAuthor } from "../markdown/render-as-author";
import { keepRevision } from "./revisions";
import { notifyOpenerMentions } from "./notify";
import type { UpdateTopicData } from "@shared/schemas/topics";
import type { Db } from "../db/client";
import { topics } from "../db/schema";
import { notFound } from "../errors";
import { authorize } from "../policies/authorize";
import { canEditTopic, canModerateTopic } from "../policies/forum";
import { holdTopicCategories } from "./categories";
import { recordModeration } from "./record-moderation";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { announceTopicEvent } from "./topic-events";
import { censoredSource, raiseWatchedWordFlag, screenWrite } from "./watched-words";
import type { WordMatcher } from "../watched-words/matcher";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = { id: number; username: string; isAdmin: boolean; isModerator: boolean };

/**
 * A new opening text (docs/product.md "The opener is a post"): the one it replaces is kept as a
 * revision, as a post's edit keeps its text, and the new one is rendered as its author's (whoever
 * edits it: the author, or staff). Null clears it; the opener then reads "edited" all the same.
 */
async function newOpener(tx: Tx, topic: typeof topics.$inferSelect, description: string | null, actor: Actor, words: WordMatcher) {
  // A topic that outlived its deleted starter is edited by staff alone: rendered as theirs.
  const authorId = topic.createdBy ?? actor.id;
  await keepRevision(tx, {
    kind: "topic",
    id: topic.id,
    authorId,
    content: topic.description ?? "",
    html: topic.description === null ? "" : topic.descriptionHtml,
    writtenAt: topic.descriptionEditedAt ?? topic.createdAt,
  });
  const rendered = description === null ? null : await renderAsAuthor(tx, authorId, description, words);
  return {
    descriptionCensored: censoredSource(words, description),
    descriptionHtml: rendered?.html ?? null,
    descriptionText: rendered?.text ?? null,
    descriptionEditedAt: sql`now()`,
  };
}

/**
 * Changes a topic: its title, description, category and tags (canEditTopic), its pin and lock
 * (canModerateTopic). Decided under the topic's row lock, so a lock that lands first is seen. A new
 * title or opener is checked against the watched words as a new topic's are (docs/decisions/064).
 */
export function updateTopic(db: Db, actor: Actor, topicId: number, change: UpdateTopicData, words: WordMatcher): Promise<void> {
  const flagged = screenWrite(words, change.title, change.description);
  return db.transaction(async (tx) => {
    const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId)).for("update");
    if (!topic) throw notFound("Topic not found");
    const { isPinned, isLocked, ...content } = change;
    if (isPinned !== undefined || isLocked !== undefined) authorize(canModerateTopic(actor), "Only staff can pin or lock topics");
    if (Object.values(content).some((value) => value !== undefined)) {
      authorize(canEditTopic(actor, topic), topic.createdBy === actor.id ? "Topic is locked" : "You can only edit your own topics");
    }
    if (change.categoryId !== undefined) await holdTopicCategories(tx, change.categoryId, topic.categoryId);
    const opener = change.description !== undefined && change.description !== topic.description ? await newOpener(tx, topic, change.description, actor, words) : null;
    const title = change.title === undefined ? undefined : words.censor(change.title);
    await tx.update(topics).set({ ...change, title, ...opener }).where(eq(topics.id, topicId));
    if (flagged && topic.createdBy !== null) await raiseWatchedWordFlag(tx, { type: "topic", id: topicId, authorId: topic.createdBy }, flagged);
    // Locking and unlocking are in the public log; pinning is not (docs/product.md "Moderation by the community").
    if (isLocked !== undefined && isLocked !== topic.isLocked) {
      await recordModeration(tx, { action: isLocked ? "lock_topic" : "unlock_topic", moderator: actor, targetType: "topic", targetLabel: topic.title });
    }
    // Its row in the lists; its posts pages show nothing of the topic but who may read them, which
    // its category decides (docs/decisions/063): a move clears them too.
    const moved = change.categoryId !== undefined && change.categoryId !== topic.categoryId;
    await forumChanged(tx, moved ? [forumTags.lists, forumTags.topic(topicId)] : [forumTags.lists]);
    if (opener !== null && topic.createdBy !== null) await notifyOpenerMentions(tx, { ...topic, createdBy: topic.createdBy, description: change.description ?? null }, topic.description);
    await announceTopicEvent(tx, topicId, "topic_edited");
  });
}
