import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { groupMembers, groups, users } from "../db/schema";
import { liveMember } from "./live-member";

/** A group with its members, as the admin group routes present it. */
export interface GroupRow {
  id: number;
  name: string;
  builtIn: boolean;
  members: { id: number; username: string; avatar: string | null }[];
}

type Reader = Pick<Db, "select">;

/**
 * Every group, the built-in staff group first then by name, each with its live members by username:
 * the staff group's are the moderators and administrators (docs/decisions/063). A site has a few
 * groups of some members each: read whole.
 */
export async function listGroups(db: Reader): Promise<GroupRow[]> {
  const rows = await db.select({ id: groups.id, name: groups.name, builtIn: groups.builtIn }).from(groups).orderBy(sql`${groups.builtIn} DESC`, asc(sql`lower(${groups.name})`), asc(groups.id));
  const members = await db
    .select({ groupId: groupMembers.groupId, id: users.id, username: users.username, avatar: users.avatar })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(liveMember)
    .orderBy(asc(sql`lower(${users.username})`));
  const staff = await db
    .select({ id: users.id, username: users.username, avatar: users.avatar })
    .from(users)
    .where(and(or(eq(users.isAdmin, true), eq(users.isModerator, true)), liveMember))
    .orderBy(asc(sql`lower(${users.username})`));
  return rows.map((row) => ({
    ...row,
    members: row.builtIn ? staff : members.filter((member) => member.groupId === row.id).map(({ id, username, avatar }) => ({ id, username, avatar })),
  }));
}

export async function findGroup(db: Reader, id: number): Promise<GroupRow | undefined> {
  return (await listGroups(db)).find((group) => group.id === id);
}
