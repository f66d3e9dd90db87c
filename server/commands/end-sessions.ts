import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { identityChanged } from "../identity/changes";

type Executor = Pick<Db, "delete" | "execute">;

/** Signs a member out everywhere, optionally keeping the session they are using now. */
export async function endSessionsOf(db: Executor, userId: number, options: { except?: string } = {}) {
  const ofUser = sql`(${sessions.sess} -> 'passport' ->> 'user') = ${String(userId)}`;
  await db.delete(sessions).where(options.except ? sql`${ofUser} AND ${sessions.sid} <> ${options.except}` : ofUser);
  await identityChanged(db, userId);
}
