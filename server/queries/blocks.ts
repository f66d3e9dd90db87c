import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { MemberRow } from "./conversations";

type Executor = Pick<Db, "execute">;

/** The members `userId` blocked (live ones), most recently blocked first. */
export async function listBlocks(db: Executor, userId: number): Promise<MemberRow[]> {
  const result = await db.execute<MemberRow & Record<string, unknown>>(sql`
    SELECT u.id, u.username, u.avatar FROM member_blockings b JOIN users u ON u.id = b.blocked_id AND u.deleted_at IS NULL
    WHERE b.blocker_id = ${userId} ORDER BY b.created_at DESC, u.id`);
  return result.rows;
}

/** Which of `authorIds` the viewer blocked: the posts to collapse (one range of the key). */
export async function findBlockedAmong(db: Executor, viewerId: number, authorIds: number[]): Promise<Set<number>> {
  if (authorIds.length === 0) return new Set();
  const result = await db.execute<{ blocked_id: number }>(sql`
    SELECT blocked_id FROM member_blockings WHERE blocker_id = ${viewerId} AND blocked_id = ANY(${sql.param([...new Set(authorIds)])}::int[])`);
  return new Set(result.rows.map((row) => row.blocked_id));
}
