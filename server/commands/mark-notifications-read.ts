import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** POST /api/notifications/read: marks the member's unread notifications read, all or only `ids`. */
export async function markNotificationsRead(db: Pick<Db, "execute">, userId: number, ids: number[] | undefined): Promise<void> {
  await db.execute(sql`
    UPDATE notifications SET read_at = now()
    WHERE user_id = ${userId} AND read_at IS NULL ${ids ? sql`AND id = ANY(${sql.param(ids)}::int[])` : sql``}`);
}
