import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { disconnectSessions } from "../presence/control";
import { identityChanged } from "../identity/changes";

type Executor = Pick<Db, "delete" | "execute">;

/**
 * Signs a member out everywhere, optionally keeping the session they are using now, or ends only
 * one of their sessions (`only`). The ended sessions' /ws connections close at once on every server
 * process (at commit, in a transaction), so they hear nothing more: not after the periodic session re-check.
 */
export async function endSessionsOf(db: Executor, userId: number, options: { except?: string; only?: string } = {}) {
  const ofUser = sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`;
  const which = options.only ? sql`${ofUser} AND ${sessions.sid} = ${options.only}` : options.except ? sql`${ofUser} AND ${sessions.sid} <> ${options.except}` : ofUser;
  const ended = await db.delete(sessions).where(which).returning({ sid: sessions.sid });
  await disconnectSessions(db, ended.map((row) => row.sid));
  await identityChanged(db, userId);
}
