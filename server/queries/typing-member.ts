import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { bannedNow } from "./banned-now";
import { liveMember } from "./live-member";

/** What decides whether a member's typing is passed on (policies/typing.ts), and the name it shows. */
export async function findTypingMember(db: Pick<Db, "select">, userId: number) {
  const [member] = await db
    .select({ username: users.username, silencedUntil: users.silencedUntil, isBanned: sql<boolean>`${bannedNow}` })
    .from(users)
    .where(and(eq(users.id, userId), liveMember));
  return member;
}
