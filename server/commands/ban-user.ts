import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { identityChanged } from "../identity/changes";
import { disconnectUser } from "../presence/control";
import { recordAdminAction } from "./record-admin-action";
import { revokeAccessTokensOf } from "./access-tokens";

type Person = { id: number; username: string };

/** Bans a member (until `expiresAt`, or for good without it), records it and ends their live connections. */
export async function banUser(db: Db, input: { admin: Person; target: Person; reason: string; expiresAt?: string | null }) {
  const { admin, target, reason, expiresAt } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isBanned: true, banReason: reason, banExpiresAt: expiresAt ? new Date(expiresAt) : null, bannedBy: admin.id })
      .where(eq(users.id, target.id));
    await identityChanged(tx, target.id);
    // Their tokens die with the ban and stay dead after it ends.
    await revokeAccessTokensOf(tx, target.id);
    const until = expiresAt ? `until ${expiresAt}` : "permanently";
    await recordAdminAction(tx, { action: "ban", admin, target, details: `${reason} (${until})` });
    // Their live connections end on every server process, so they drop off the online list.
    await disconnectUser(tx, target.id);
  });
}

export async function unbanUser(db: Db, input: { admin: Person; target: Person }) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ isBanned: false, banReason: null, banExpiresAt: null, bannedBy: null }).where(eq(users.id, input.target.id));
    await identityChanged(tx, input.target.id);
    await recordAdminAction(tx, { action: "unban", admin: input.admin, target: input.target });
  });
}
