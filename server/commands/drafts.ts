import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { DRAFTS_PER_MEMBER } from "@shared/constants";
import type { DraftTopic } from "@shared/schemas/drafts";
import type { Db } from "../db/client";
import { drafts } from "../db/schema";

/** Anything that can run SQL: the database or a transaction (a post's command discards its draft in its own). */
type Executor = Pick<Db, "delete">;

/** Two-key advisory locks (a space apart from the one-key ones): one member's drafts are saved one at a time. */
const DRAFTS_LOCK = 7_314_004;

/**
 * Saves a member's draft under its key (with the new topic's other fields, `topic`, when given);
 * past DRAFTS_PER_MEMBER the least recently saved go. Saves of one member take turns, so two at once
 * cannot both keep one draft too many.
 */
export function saveDraft(db: Db, userId: number, key: string, draft: { content: string; topic?: DraftTopic }) {
  const { content } = draft;
  const topic = draft.topic ?? null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DRAFTS_LOCK}, ${userId})`);
    // The statement's own time, so two saves in one transaction (or one millisecond) still keep their order.
    const now = sql`clock_timestamp()`;
    await tx
      .insert(drafts)
      .values({ userId, key, content, topic, updatedAt: now })
      .onConflictDoUpdate({ target: [drafts.userId, drafts.key], set: { content, topic, updatedAt: now } });
    const beyondCap = tx
      .select({ key: drafts.key })
      .from(drafts)
      .where(eq(drafts.userId, userId))
      .orderBy(desc(drafts.updatedAt), drafts.key)
      .offset(DRAFTS_PER_MEMBER);
    await tx.delete(drafts).where(and(eq(drafts.userId, userId), inArray(drafts.key, beyondCap)));
  });
}

/** Removes a member's draft: on DELETE, and when what it drafted is posted. */
export async function discardDraft(db: Executor, userId: number, key: string): Promise<void> {
  await db.delete(drafts).where(and(eq(drafts.userId, userId), eq(drafts.key, key)));
}
