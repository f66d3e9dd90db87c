import { and, eq, ne, sql } from "drizzle-orm";
import { STAFF_GROUP_ID } from "@shared/constants";
import type { Db } from "../db/client";
import { categories, groupMembers, groups, users } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import { identityChanged } from "../identity/changes";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { liveMember } from "../queries/live-member";
import { lower } from "../db/schema/columns";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const GROUP_NOT_FOUND = "Group not found";
export const MEMBER_NOT_FOUND = "User not found";
const NAME_TAKEN = "A group with that name already exists";
/** What the built-in staff group answers to a change made by hand (409). */
export const STAFF_GROUP_BUILT_IN = "The staff group is built in: it cannot be renamed or deleted";
export const STAFF_GROUP_MEMBERS = "The staff group's members are the moderators and administrators: change a member's role instead";

// Group writes take turns on this lock: names are compared with the rows as they are.
const GROUPS_LOCK_KEY = 7_314_063;
const lockGroups = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${GROUPS_LOCK_KEY})`);

/** Names are unique whatever their case, in every alphabet: compared in JavaScript (see commands/categories.ts). */
async function refuseTakenName(tx: Tx, name: string, exceptId?: number) {
  const rows = await tx.select({ name: groups.name }).from(groups).where(exceptId === undefined ? undefined : ne(groups.id, exceptId));
  const wanted = name.toLowerCase();
  if (rows.some((row) => row.name.toLowerCase() === wanted)) throw conflict(NAME_TAKEN);
}

/** The group, locked; 404 when there is none, 409 for the built-in staff group (`refusal`). */
async function lockGroup(tx: Tx, id: number, refusal: string) {
  const [row] = await tx.select({ id: groups.id, builtIn: groups.builtIn }).from(groups).where(eq(groups.id, id)).for("update");
  if (!row) throw notFound(GROUP_NOT_FOUND);
  if (row.builtIn) throw conflict(refusal);
  return row;
}

export function createGroup(db: Db, name: string): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockGroups(tx);
    await refuseTakenName(tx, name);
    const [row] = await tx.insert(groups).values({ name }).returning({ id: groups.id });
    return row!;
  });
}

export function renameGroup(db: Db, id: number, name: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockGroups(tx);
    await lockGroup(tx, id, STAFF_GROUP_BUILT_IN);
    await refuseTakenName(tx, name, id);
    await tx.update(groups).set({ name }).where(eq(groups.id, id));
  });
}

/**
 * Deletes a group: its members leave it (each member's identity announced, so their access changes
 * on every process at once), and the categories that named it no longer do. A category whose only
 * reading or writing group it was becomes the staff group's rather than every member's: deleting a
 * group never opens what it closed (docs/decisions/063).
 */
export function deleteGroup(db: Db, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    await lockGroups(tx);
    await lockGroup(tx, id, STAFF_GROUP_BUILT_IN);
    const members = await tx.delete(groupMembers).where(eq(groupMembers.groupId, id)).returning({ userId: groupMembers.userId });
    const withoutIt = (column: typeof categories.readGroups | typeof categories.writeGroups) =>
      sql`CASE WHEN ${column} = ARRAY[${id}]::int[] THEN ARRAY[${STAFF_GROUP_ID}]::int[] ELSE array_remove(${column}, ${id}) END`;
    await tx
      .update(categories)
      .set({ readGroups: withoutIt(categories.readGroups), writeGroups: withoutIt(categories.writeGroups) })
      .where(sql`${id} = ANY(${categories.readGroups}) OR ${id} = ANY(${categories.writeGroups})`);
    await tx.delete(groups).where(eq(groups.id, id));
    for (const { userId } of members) await identityChanged(tx, userId);
    await forumChanged(tx, [forumTags.everything]);
  });
}

/** The live member by username (any case), or 404. */
async function liveMemberNamed(tx: Tx, username: string) {
  const [row] = await tx.select({ id: users.id }).from(users).where(and(eq(lower(users.username), sql`lower(${username})`), liveMember));
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  return row;
}

/** Puts the member in the group (again: nothing changes). Their identity is announced: they read what it opens on their next request. */
export function addGroupMember(db: Db, id: number, username: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, id, STAFF_GROUP_MEMBERS);
    const member = await liveMemberNamed(tx, username);
    await tx.insert(groupMembers).values({ groupId: id, userId: member.id }).onConflictDoNothing();
    await identityChanged(tx, member.id);
  });
}

/** Takes the member out of the group; access it gave ends at once, on every process (their identity is announced). */
export function removeGroupMember(db: Db, id: number, username: string): Promise<void> {
  return db.transaction(async (tx) => {
    await lockGroup(tx, id, STAFF_GROUP_MEMBERS);
    const member = await liveMemberNamed(tx, username);
    const removed = await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, member.id))).returning({ userId: groupMembers.userId });
    if (removed.length === 0) throw notFound("That member is not in this group");
    await identityChanged(tx, member.id);
  });
}

/** 400 when a category's read or write groups name a group that does not exist (checked under the groups lock). */
export async function refuseUnknownGroups(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await lockGroups(tx);
  const found = await tx.select({ id: groups.id }).from(groups).where(sql`${groups.id} = ANY(${sql.param([...ids])}::int[])`);
  const known = new Set(found.map((row) => row.id));
  const unknown = ids.filter((candidate) => !known.has(candidate));
  if (unknown.length > 0) throw badRequest(`No such group: ${unknown.join(", ")}`);
}
