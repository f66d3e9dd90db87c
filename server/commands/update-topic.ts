import { eq } from "drizzle-orm";
import type { UpdateTopicData } from "@shared/schemas/topics";
import type { Db } from "../db/client";
import { topics } from "../db/schema";

/** Pins or locks a topic (an admin's change); false when there is no such topic. */
export async function updateTopic(db: Db, topicId: number, change: UpdateTopicData): Promise<boolean> {
  const [updated] = await db.update(topics).set(change).where(eq(topics.id, topicId)).returning({ id: topics.id });
  return updated !== undefined;
}
