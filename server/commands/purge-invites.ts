import { and, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { invites } from "../db/schema";
import { recordAdminAction } from "./record-admin-action";

/** Deletes the unused invites that have expired, or the unused ones still valid, and records it. Used invites are history and stay. */
export async function purgeInvites(db: Db, admin: { id: number; username: string }, which: "expired" | "active"): Promise<{ deleted: number }> {
  return db.transaction(async (tx) => {
    const stillValid = or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`));
    const deleted = await tx
      .delete(invites)
      .where(and(isNull(invites.usedAt), which === "expired" ? sql`NOT (${stillValid})` : stillValid))
      .returning({ id: invites.id });
    const action = which === "expired" ? "purge_expired_invites" : "purge_active_invites";
    await recordAdminAction(tx, { action, admin, details: `${deleted.length} invites` });
    return { deleted: deleted.length };
  });
}
