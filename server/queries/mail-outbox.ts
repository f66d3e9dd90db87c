import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";

/** What the outbox holds: mails waiting to be sent (or being sent), and mails given up (docs/decisions/046). */
export interface MailOutboxCounts {
  waiting: number;
  failed: number;
}

export async function countMailOutbox(db: Db): Promise<MailOutboxCounts> {
  const [counts] = await db
    .select({
      waiting: sql<number>`count(*) FILTER (WHERE ${mailOutbox.failedAt} IS NULL)::int`,
      failed: sql<number>`count(*) FILTER (WHERE ${mailOutbox.failedAt} IS NOT NULL)::int`,
    })
    .from(mailOutbox);
  return counts!;
}
