import { eq } from "drizzle-orm";
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

type Actor = { id: number; username: string; isAdmin: boolean; isModerator: boolean };

/**
 * Changes a topic: its title, description, category and tags (canEditTopic), its pin and lock
 * (canModerateTopic). Decided under the topic's row lock, so a lock that lands first is seen.
 */
export function updateTopic(db: Db, actor: Actor, topicId: number, change: UpdateTopicData): Promise<void> {
  return db.transaction(async (tx) => {
    const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId)).for("update");
    if (!topic) throw notFound("Topic not found");
    const { isPinned, isLocked, ...content } = change;
    if (isPinned !== undefined || isLocked !== undefined) authorize(canModerateTopic(actor), "Only staff can pin or lock topics");
    if (Object.values(content).some((value) => value !== undefined)) {
      authorize(canEditTopic(actor, topic), topic.createdBy === actor.id ? "Topic is locked" : "You can only edit your own topics");
    }
    if (change.categoryId !== undefined) await holdTopicCategories(tx, change.categoryId, topic.categoryId);
    await tx.update(topics).set(change).where(eq(topics.id, topicId));
    // Locking and unlocking are in the public log; pinning is not (docs/product.md "Moderation by the community").
    if (isLocked !== undefined && isLocked !== topic.isLocked) {
      await recordModeration(tx, { action: isLocked ? "lock_topic" : "unlock_topic", moderator: actor, targetType: "topic", targetLabel: topic.title });
    }
    // Its row in the lists; its posts pages show nothing of the topic.
    await forumChanged(tx, [forumTags.lists]);
    await announceTopicEvent(tx, topicId, "topic_edited");
  });
}
