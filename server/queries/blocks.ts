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
