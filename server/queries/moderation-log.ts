import { desc, lt } from "drizzle-orm";
import { MODERATION_LOG_PAGE_SIZE } from "@shared/moderation";
import type { Db } from "../db/client";
import { moderationLog } from "../db/schema";

export type ModerationLogRow = typeof moderationLog.$inferSelect;

/**
 * A page of the public moderation log, newest first, after `cursor` (the previous page's last id).
 * Ids rise with time, so the id alone is the keyset; one row more than the page tells whether another follows.
 */
export async function listModerationLog(db: Db, cursor: number | undefined) {
  const rows = await db
    .select()
    .from(moderationLog)
    .where(cursor === undefined ? undefined : lt(moderationLog.id, cursor))
    .orderBy(desc(moderationLog.id))
    .limit(MODERATION_LOG_PAGE_SIZE + 1);
  const entries = rows.slice(0, MODERATION_LOG_PAGE_SIZE);
  return { entries, nextCursor: rows.length > MODERATION_LOG_PAGE_SIZE ? entries.at(-1)!.id : null };
}
