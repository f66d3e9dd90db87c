import type { Topic } from "@shared/types";
import type { topics } from "../db/schema";

export type TopicRow = typeof topics.$inferSelect & { authorUsername: string; authorAvatar: string | null };

export function presentTopic(row: TopicRow): Topic {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    createdBy: row.createdBy,
    postsCount: row.postsCount,
    lastPostAt: row.lastPostAt?.toISOString() ?? null,
    isLocked: row.isLocked,
    isPinned: row.isPinned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    authorUsername: row.authorUsername,
    authorAvatar: row.authorAvatar,
  };
}
