import { and, gt, sql } from "drizzle-orm";
import type { SessionData } from "express-session";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

/** A member's sessions that have not ended, with what they hold (sign-in time, device, last refresh). */
export async function listMemberSessions(db: Db, userId: number) {
  const rows = await db
    .select({ sid: sessions.sid, sess: sessions.sess })
    .from(sessions)
    .where(and(sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`, gt(sessions.expire, sql`now()`)));
  return rows.map((row) => ({ sid: row.sid, data: row.sess as Partial<SessionData> }));
}
export type MemberSessionRow = Awaited<ReturnType<typeof listMemberSessions>>[number];
