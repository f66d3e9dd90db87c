import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { drafts } from "../db/schema";

export async function findDraft(db: Db, userId: number, key: string) {
  const [draft] = await db
    .select({ content: drafts.content, topic: drafts.topic, updatedAt: drafts.updatedAt })
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.key, key)));
  return draft;
}
export type DraftRow = NonNullable<Awaited<ReturnType<typeof findDraft>>>;
