import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { postRevisions, topicRevisions } from "../db/schema";

export type PostRevisionRow = Pick<typeof postRevisions.$inferSelect, "version" | "content" | "html" | "editedAt">;

const revisionTables = {
  post: { table: postRevisions, key: postRevisions.postId },
  topic: { table: topicRevisions, key: topicRevisions.topicId },
} as const;

/** A post's or a topic opener's earlier texts, newest first (backwards along the (post or topic, version) index). */
export function listRevisions(db: Db, kind: keyof typeof revisionTables, id: number): Promise<PostRevisionRow[]> {
  const { table, key } = revisionTables[kind];
  return db
    .select({ version: table.version, content: table.content, html: table.html, editedAt: table.editedAt })
    .from(table)
    .where(eq(key, id))
    .orderBy(desc(table.version));
}

/** A post's earlier texts, newest first. */
export const listPostRevisions = (db: Db, postId: number) => listRevisions(db, "post", postId);
