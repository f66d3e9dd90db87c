import { and, eq, isNull } from "drizzle-orm";
import { ASSIGNED_INVITE_EXPIRES_IN_DAYS } from "@shared/constants";
import type { Db } from "../db/client";
import { invites } from "../db/schema";
import { conflict } from "../errors";
import { createInvite } from "./create-invite";
import { recordAdminAction } from "./record-admin-action";

type Person = { id: number; username: string };

/**
 * An invite an administrator makes, recorded: for anyone (expiring as asked), or assigned to a
 * member (expiring after ASSIGNED_INVITE_EXPIRES_IN_DAYS).
 */
export async function createAdminInvite(db: Db, admin: Person, input: { expiresInDays?: number } | { assignedTo: Person }) {
  return db.transaction(async (tx) => {
    if ("assignedTo" in input) {
      const target = input.assignedTo;
      const created = await createInvite(tx, { createdBy: admin.id, assignedTo: target.id, expiresInDays: ASSIGNED_INVITE_EXPIRES_IN_DAYS });
      await recordAdminAction(tx, { action: "create_user_invite", admin, target, details: created.code });
      return created;
    }
    const created = await createInvite(tx, { createdBy: admin.id, expiresInDays: input.expiresInDays });
    await recordAdminAction(tx, { action: "create_invite", admin, details: created.code });
    return created;
  });
}

/** Deletes an unused invite and records it; 409 for a used one (used invites are history). */
export async function deleteUnusedInvite(db: Db, admin: Person, invite: { id: number; code: string }) {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(invites).where(and(eq(invites.id, invite.id), isNull(invites.usedAt))).returning({ id: invites.id });
    if (!deleted.length) throw conflict("Only unused invites can be deleted");
    await recordAdminAction(tx, { action: "delete_invite", admin, details: invite.code });
  });
}
