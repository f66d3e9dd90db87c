import { and, eq, isNull, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { invites, users } from "../db/schema";
import { identityChanged } from "../identity/changes";
import { disconnectUser } from "../presence/control";
import { recordAdminAction } from "./record-admin-action";
import { recordModeration } from "./record-moderation";
import { revokeAccessTokensOf } from "./access-tokens";

type Person = { id: number; username: string };

/**
 * Bans a member (until `expiresAt`, or for good without it), records it in the audit trail and the
 * public log, and ends their live connections. `revokeInvites` also deletes their unused invites
 * (docs/product.md "Admin"). Who may ban whom, and for how long, is policies/moderation.ts.
 */
export async function banUser(db: Db, input: { actor: Person; target: Person; reason: string; expiresAt?: string | null; revokeInvites?: boolean }) {
  const { actor, target, reason, expiresAt } = input;
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isBanned: true, banReason: reason, banExpiresAt: expiresAt ? new Date(expiresAt) : null, bannedBy: actor.id })
      .where(eq(users.id, target.id));
    await identityChanged(tx, target.id);
    // Their tokens die with the ban and stay dead after it ends.
    await revokeAccessTokensOf(tx, target.id);
    const revoked = input.revokeInvites ? await revokeUnusedInvitesOf(tx, target.id) : 0;
    const until = expiresAt ? `until ${expiresAt}` : "permanently";
    await recordAdminAction(tx, { action: "ban", admin: actor, target, details: `${reason} (${until})${revoked ? `, ${revoked} invites revoked` : ""}` });
    await recordModeration(tx, { action: "ban", moderator: actor, targetType: "member", targetLabel: target.username, reason });
    // Their live connections end on every server process, so they drop off the online list.
    await disconnectUser(tx, target.id);
    return { revokedInvites: revoked };
  });
}

/** The member's invites nobody has used: made by them or assigned to them. */
async function revokeUnusedInvitesOf(tx: Pick<Db, "delete">, memberId: number): Promise<number> {
  const deleted = await tx
    .delete(invites)
    .where(and(isNull(invites.usedAt), or(eq(invites.createdBy, memberId), eq(invites.assignedTo, memberId))))
    .returning({ id: invites.id });
  return deleted.length;
}

export async function unbanUser(db: Db, input: { actor: Person; target: Person }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isBanned: false, banReason: null, banExpiresAt: null, bannedBy: null }).where(eq(users.id, input.target.id));
    await identityChanged(tx, input.target.id);
    await recordAdminAction(tx, { action: "unban", admin: input.actor, target: input.target });
    await recordModeration(tx, { action: "unban", moderator: input.actor, targetType: "member", targetLabel: input.target.username });
  });
}
