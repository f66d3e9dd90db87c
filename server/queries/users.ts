import { and, asc, count, eq, gte, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { sessionUserColumns, type SessionUser } from "../auth/session-user";
import type { Db } from "../db/client";
import { integerUnseenByPlanner, preparedPageQuery, preparedQuery, sqlInteger } from "../db/prepared";
import { lower } from "../db/schema/columns";
import { topics, users } from "../db/schema";
import { liveMember } from "./live-member";
import type { MemberDirectory } from "./member-directory";

const inviter = alias(users, "inviter");

/** What the member presenters show (lists, profiles, the admin panel): never the email or the password hash. */
const memberColumns = {
  id: users.id,
  username: users.username,
  avatar: users.avatar,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
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
  silencedUntil: users.silencedUntil,
  silenceReason: users.silenceReason,
  isOnline: users.isOnline,
  lastSeenAt: users.lastSeenAt,
};

/** Members with their inviter's name, in one query. */
const usersWithInviter = (db: Db) =>
  db
    .select({ ...memberColumns, invitedByUsername: inviter.username })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy));

/** A member's own row for their account view (the request's member is only their identity). */
export async function findOwnAccount(db: Db, id: number): Promise<SessionUser | undefined> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id));
  return row;
}

export type UserWithInviter = Awaited<ReturnType<ReturnType<typeof usersWithInviter>["where"]>>[number];

/** A profile: the member with their inviter's name and how many topics they started (postsCount counts replies only). */
const userByUsername = preparedQuery((db) =>
  db
    .select({
      ...memberColumns,
      invitedByUsername: inviter.username,
      // topics_created_by_created_at_idx: an index-only count of this member's topics.
      topicsCount: sql<number>`(SELECT count(*)::int FROM ${topics} WHERE ${topics.createdBy} = ${users.id})`,
    })
    .from(users)
    .leftJoin(inviter, eq(inviter.id, users.invitedBy))
    .where(and(eq(lower(users.username), sql`lower(${sql.placeholder("username")})`), liveMember))
    .prepare("user_by_username"),
);

export type UserProfileRow = UserWithInviter & { topicsCount: number };

export async function findUserByUsername(db: Db, username: string): Promise<UserProfileRow | undefined> {
  const [row] = await userByUsername(db).execute({ username });
  return row;
}

/** A live member's id by their username, any case (users' lower(username) index). */
export async function findMemberIdByUsername(db: Db, username: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(lower(users.username), sql`lower(${username})`), liveMember));
  return row;
}

/** What a member's badges are derived from (queries/badges.ts). */
export async function findBadgeHolder(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, createdAt: users.createdAt, postsCount: users.postsCount }).from(users).where(and(eq(users.id, id), liveMember));
  return row;
}

/** Who staff act on: enough to authorize (their role and ban), record and find them again. */
export async function findAdminTarget(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, isModerator: users.isModerator, isBanned: users.isBanned, banExpiresAt: users.banExpiresAt })
    .from(users)
    .where(and(eq(users.id, id), liveMember));
  return row;
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), liveMember));
  return row !== undefined;
}

export async function findHasBio(db: Db, username: string): Promise<boolean | undefined> {
  const [row] = await db.select({ hasBio: users.hasBio }).from(users).where(and(eq(lower(users.username), sql`lower(${username})`), liveMember));
  return row?.hasBio;
}

/**
 * One page of the members list, oldest members first (the primary key order). The page's ids range
 * is found from the running totals of member_blocks (`directory`), so page 9,999 reads about as
 * much as page 1: at most a block's ids, never an OFFSET over every earlier member.
 */
export async function listMembers(db: Db, directory: MemberDirectory, { page, limit }: { page: number; limit: number }) {
  const position = await directory.position((page - 1) * limit, limit);
  // Past the last member: an empty page.
  if (!position) return [];
  return membersPage(db, limit, position);
}

// The page's ids are cut from the primary key alone (an index-only scan) within a bounded id range,
// and only those rows are read and joined to their inviter. The page size is written into the SQL
// and the offset is hidden from the planner: with the size known, the range bounded and the offset
// unknown to both plans, PostgreSQL's generic plan costs no more than a custom one, so it keeps that
// plan instead of planning every call (docs/decisions/019).
const membersPage = preparedPageQuery((db: Db, size) => {
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(and(gte(users.id, sql.placeholder("fromId")), lt(users.id, sql.placeholder("toId"))))
    .orderBy(asc(users.id))
    .limit(sqlInteger(size))
    .offset(integerUnseenByPlanner("skip"))
    .as("page");
  return db
    .select({ ...memberColumns, invitedByUsername: inviter.username })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(inviter, eq(inviter.id, users.invitedBy))
    .orderBy(asc(users.id))
    .prepare(`members_page_${size}`);
});

/**
 * The admin panel's search: an exact UID when the text is a number, and usernames containing it
 * (case-insensitive) either way; oldest accounts first. Without a search it is the members list.
 */
export async function searchMembers(db: Db, directory: MemberDirectory, { page, limit, search }: { page: number; limit: number; search?: string }) {
  if (!search) {
    const [rows, stats] = await Promise.all([listMembers(db, directory, { page, limit }), directory.totals()]);
    return { rows, totalCount: stats.totalUsers };
  }
  const filter = memberSearchFilter(search);
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
