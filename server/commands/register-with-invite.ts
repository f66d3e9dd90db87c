import { and, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import { sessionUserColumns } from "../auth/session-user";
import type { Db } from "../db/client";
import { invites, userBadges, users } from "../db/schema";
import { lower } from "../db/schema/columns";
import { badRequest, conflict } from "../errors";
import { notifyInviteUsed } from "./notify";

export const INVALID_INVITE = "Invalid or expired invite code";
export const USERNAME_TAKEN = "Username already taken";

// Registrations take turns on this lock, so "the first account ever" is decided exactly once.
const REGISTRATION_LOCK_KEY = 7_314_002;

/**
 * Creates the account and consumes the invite in one transaction. The invite row is locked, so of
 * any number of concurrent registrations with one code exactly one succeeds.
 */
export async function registerWithInvite(db: Db, input: { username: string; passwordHash: string; inviteCode: string }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REGISTRATION_LOCK_KEY})`);
    const [invite] = await tx
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.code, input.inviteCode),
          // usedAt, not usedBy: usedBy is cleared when the member who used it is deleted.
          isNull(invites.usedAt),
          or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`)),
        ),
      )
      .for("update");
    if (!invite) throw badRequest(INVALID_INVITE);

    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(lower(users.username), sql`lower(${input.username})`));
    if (taken) throw conflict(USERNAME_TAKEN);

    const [{ existing }] = (await tx.select({ existing: count() }).from(users)) as [{ existing: number }];
    const isFirstAccount = existing === 0;
    const [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        password: input.passwordHash,
        invitedBy: invite.assignedTo ?? invite.createdBy,
        isAdmin: isFirstAccount,
      })
      .returning(sessionUserColumns);
    await tx.update(invites).set({ usedBy: user!.id, usedAt: sql`now()` }).where(eq(invites.id, invite.id));
    if (isFirstAccount) await tx.insert(userBadges).values({ userId: user!.id, badgeType: "owner" });
    if (user!.invitedBy !== null) await notifyInviteUsed(tx, { inviterId: user!.invitedBy, newMemberId: user!.id });
    return user!;
  });
}
