import { asc, count, eq, getTableColumns, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";

const inviter = alias(users, "inviter");

/** Members with their inviter's name, in one query. */
const usersWithInviter = (db: Db) =>
  db
    .select({ ...getTableColumns(users), invitedByUsername: inviter.username })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy));

export type UserWithInviter = Awaited<ReturnType<ReturnType<typeof usersWithInviter>["where"]>>[number];

export async function findUserByUsername(db: Db, username: string): Promise<UserWithInviter | undefined> {
  const [row] = await usersWithInviter(db).where(eq(lower(users.username), sql`lower(${username})`));
  return row;
}

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** One page of the members list, oldest members first (the primary key order). */
export function listMembers(db: Db, { page, limit }: { page: number; limit: number }) {
  return usersWithInviter(db)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * The admin panel's search: an exact UID when the text is a number, and usernames containing it
 * (case-insensitive) either way; oldest accounts first.
 */
export async function searchMembers(db: Db, { page, limit, search }: { page: number; limit: number; search?: string }) {
  const filter = search ? memberSearchFilter(search) : undefined;
  const [rows, [total]] = await Promise.all([
    usersWithInviter(db).where(filter).orderBy(asc(users.id)).limit(limit).offset((page - 1) * limit),
    db.select({ totalCount: count() }).from(users).where(filter),
  ]);
  return { rows, totalCount: total!.totalCount };
}

function memberSearchFilter(search: string) {
  const escaped = search.replace(/[\\%_]/g, (char) => `\\${char}`);
  const byName = sql`${users.username} ILIKE ${`%${escaped}%`}`;
  return /^\d{1,9}$/.test(search) ? or(byName, eq(users.id, Number(search))) : byName;
}

/**
 * Exact totals for the members list. Counting rows is an index-only scan; the post total adds up the
 * stored per-member counters rather than counting a million posts.
 */
export async function memberStats(db: Db) {
  const [row] = await db
    .select({
      totalUsers: count(),
      totalAdmins: sql<number>`count(*) FILTER (WHERE ${users.isAdmin})::int`,
      totalPosts: sql<number>`coalesce(sum(${users.postsCount}), 0)::int`,
    })
    .from(users);
  return row!;
}
