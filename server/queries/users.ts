import { asc, count, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { lower } from "../db/schema/columns";
import { users } from "../db/schema";

const inviter = alias(users, "inviter");

/** What the member presenters show (lists, profiles, the admin panel): never the email or the password hash. */
const memberColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  isAdmin: users.isAdmin,
  postsCount: users.postsCount,
  createdAt: users.createdAt,
  hasBio: users.hasBio,
  bio: users.bio,
  location: users.location,
  website: users.website,
  twitter: users.twitter,
  github: users.github,
  discord: users.discord,
  telegram: users.telegram,
  isBanned: users.isBanned,
  banReason: users.banReason,
  banExpiresAt: users.banExpiresAt,
  isOnline: users.isOnline,
  lastSeenAt: users.lastSeenAt,
};

/** Members with their inviter's name, in one query. */
const usersWithInviter = (db: Db) =>
  db
    .select({ ...memberColumns, invitedByUsername: inviter.username })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy));

export type UserWithInviter = Awaited<ReturnType<ReturnType<typeof usersWithInviter>["where"]>>[number];

export async function findUserByUsername(db: Db, username: string): Promise<UserWithInviter | undefined> {
  const [row] = await usersWithInviter(db).where(eq(lower(users.username), sql`lower(${username})`));
  return row;
}

/** What a member's badges are derived from (queries/badges.ts). */
export async function findBadgeHolder(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, createdAt: users.createdAt, postsCount: users.postsCount }).from(users).where(eq(users.id, id));
  return row;
}

/** Who an administrator acts on: enough to authorize, record and find them again. */
export async function findAdminTarget(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, username: users.username, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id));
  return row;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

export async function findHasBio(db: Db, username: string): Promise<boolean | undefined> {
  const [row] = await db.select({ hasBio: users.hasBio }).from(users).where(eq(lower(users.username), sql`lower(${username})`));
  return row?.hasBio;
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
