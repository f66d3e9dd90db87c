import { count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";

const creator = alias(users, "creator");
const assignee = alias(users, "assignee");
const user = alias(users, "used_by_user");

/** Invites with the names of who made, got and used them, in one query. */
const invitesWithNames = (db: Db) =>
  db
    .select({
      ...getTableColumns(invites),
      createdByUsername: creator.username,
      assignedToUsername: assignee.username,
      usedByUsername: user.username,
    })
    .from(invites)
    .leftJoin(creator, eq(creator.id, invites.createdBy))
    .leftJoin(assignee, eq(assignee.id, invites.assignedTo))
    .leftJoin(user, eq(user.id, invites.usedBy));

export type InviteRow = Awaited<ReturnType<ReturnType<typeof invitesWithNames>["where"]>>[number];

export async function findInvite(db: Db, id: number): Promise<InviteRow | undefined> {
  const [row] = await invitesWithNames(db).where(eq(invites.id, id));
  return row;
}

/** Newest first, on the (created_at, id) index. */
export async function listInvites(db: Db, { page, limit }: { page: number; limit: number }) {
  const [rows, [total]] = await Promise.all([
    invitesWithNames(db)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ totalCount: count() }).from(invites),
  ]);
  return { rows, totalCount: total!.totalCount };
}

/**
 * The invites assigned to a member, newest first, on the (assigned_to, created_at, id) index. The
 * user's name is looked up per row by primary key: joined instead, a member with a thousand or more
 * invites made the planner hash-join against every member (docs/plans/profile-and-admin-reads.md).
 */
export type AssignedInviteRow = Awaited<ReturnType<typeof listAssignedInvites>>[number];

export function listAssignedInvites(db: Db, memberId: number) {
  return db
    .select({
      id: invites.id,
      code: invites.code,
      expiresAt: invites.expiresAt,
      usedBy: invites.usedBy,
      usedAt: invites.usedAt,
      usedByUsername: sql<string | null>`(SELECT u.username FROM users u WHERE u.id = invites.used_by)`,
    })
    .from(invites)
    .where(eq(invites.assignedTo, memberId))
    .orderBy(desc(invites.createdAt), desc(invites.id));
}
