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

/** Whether `blockerId` blocked `blockedId`: one lookup of member_blockings' key. */
export async function hasBlocked(db: Executor, blockerId: number, blockedId: number): Promise<boolean> {
  const result = await db.execute<{ blocked: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM member_blockings WHERE blocker_id = ${blockerId} AND blocked_id = ${blockedId}) AS blocked`);
  return result.rows[0]!.blocked;
}

/** Which of `memberIds` blocked `blockedId`: one lookup of the blocked member's index. */
export async function blockersAmong(db: Executor, blockedId: number, memberIds: number[]): Promise<Set<number>> {
  const result = await db.execute<{ blocker_id: number }>(sql`
    SELECT blocker_id FROM member_blockings WHERE blocked_id = ${blockedId} AND blocker_id = ANY(${sql.param(memberIds)}::int[])`);
  return new Set(result.rows.map((row) => row.blocker_id));
}
