import { sql } from "drizzle-orm";
import { NEW_MEMBER_LIMIT_MESSAGE } from "@shared/moderation";
import type { Db } from "../db/client";
import { tooManyRequests } from "../errors";
import { isOverNewMemberLimit, type NewMemberPeriod } from "../policies/new-member";
import { countCreatedSince } from "../queries/new-member-writes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * NEW_MEMBER_HOURS, first in the transaction that creates a new member's topic or post: a 429 with
 * `Retry-After` the seconds until their first period ends when it would be one too many. A lock per
 * member, held to commit, makes their creations take turns, so each counts what the ones before it
 * committed: 8 topics asked for at once give exactly 3. Counted in the database, so the limit holds
 * across server processes. Taken before any row lock, and only here, so it cannot deadlock.
 */
export async function takeNewMemberAllowance(tx: Tx, period: NewMemberPeriod | null, kind: "topics" | "posts"): Promise<void> {
  if (!period) return;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('new member writes'), ${period.memberId})`);
  const created = await countCreatedSince(tx, period.memberId, period.joinedAt);
  if (isOverNewMemberLimit(kind, created)) throw tooManyRequests(NEW_MEMBER_LIMIT_MESSAGE, (period.endsAt.getTime() - Date.now()) / 1000);
}
