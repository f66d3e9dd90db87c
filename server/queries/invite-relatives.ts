import { and, asc, count, eq, isNotNull, isNull, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";

const relativeColumns = {
  id: users.id,
  username: users.username,
  isBanned: users.isBanned,
  banExpiresAt: users.banExpiresAt,
  deletedAt: users.deletedAt,
};
export type InviteRelativeRow = { [K in keyof typeof relativeColumns]: (typeof users.$inferSelect)[K] };

const inviter = alias(users, "inviter");

/**
 * Invite accountability (docs/product.md "Admin"): who invited the member and whom they invited, deleted ones
 * included while their deletion runs (a finished one leaves a used invite with nobody: `deletedInvitees`).
 */
export async function findInviteRelatives(db: Db, memberId: number) {
  const madeOrAssigned = or(eq(invites.createdBy, memberId), eq(invites.assignedTo, memberId));
  const [invitedBy, invitees, [gone], [unused]] = await Promise.all([
    db
      .select({ id: inviter.id, username: inviter.username, isBanned: inviter.isBanned, banExpiresAt: inviter.banExpiresAt, deletedAt: inviter.deletedAt })
      .from(users)
      .innerJoin(inviter, eq(inviter.id, users.invitedBy))
      .where(eq(users.id, memberId)),
    db.select(relativeColumns).from(users).where(eq(users.invitedBy, memberId)).orderBy(asc(users.id)),
    db.select({ count: count() }).from(invites).where(and(madeOrAssigned, isNotNull(invites.usedAt), isNull(invites.usedBy))),
    db.select({ count: count() }).from(invites).where(and(madeOrAssigned, isNull(invites.usedAt))),
  ]);
  return { invitedBy: invitedBy[0] ?? null, invitees, deletedInvitees: gone!.count, unusedInvites: unused!.count };
}
