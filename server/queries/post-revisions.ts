import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { postRevisions } from "../db/schema";

export type PostRevisionRow = Pick<typeof postRevisions.$inferSelect, "version" | "content" | "html" | "editedAt">;

/** A post's earlier texts, newest first (backwards along the (post_id, version) index). */
export function listPostRevisions(db: Db, postId: number): Promise<PostRevisionRow[]> {
  return db
    .select({ version: postRevisions.version, content: postRevisions.content, html: postRevisions.html, editedAt: postRevisions.editedAt })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.version));
}
