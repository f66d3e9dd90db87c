import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { channels } from "../events/channels";

/**
 * POST /api/notifications/read: marks the member's unread notifications read, all or only `ids`.
 * When any were, their open connections hear the new unread count (as reading a topic does).
 */
export async function markNotificationsRead(db: Pick<Db, "execute">, userId: number, ids: number[] | undefined): Promise<void> {
  await db.execute(sql`
    WITH marked AS (
      UPDATE notifications SET read_at = now()
      WHERE user_id = ${userId} AND read_at IS NULL ${ids ? sql`AND id = ANY(${sql.param(ids)}::int[])` : sql``}
      RETURNING id
    )
    SELECT pg_notify(${channels.notifications.name}, json_build_object('userId', ${userId}::int)::text) WHERE EXISTS (SELECT 1 FROM marked)`);
}
