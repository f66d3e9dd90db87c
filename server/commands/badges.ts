import { and, eq } from "drizzle-orm";
import type { ManualBadgeType } from "@shared/constants";
import type { Db } from "../db/client";
import { userBadges } from "../db/schema";
import { conflict, notFound } from "../errors";
import { notifyBadge } from "./notify";
import { recordAdminAction } from "./record-admin-action";

type Person = { id: number; username: string };

/** Grants a manual badge, records it and notifies the member; 409 when the member already has it. */
export async function grantBadge(db: Db, input: { admin: Person; target: Person; badgeType: ManualBadgeType }) {
  const { admin, target, badgeType } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(userBadges).values({ userId: target.id, badgeType, grantedBy: admin.id }).onConflictDoNothing().returning();
    if (!row) throw conflict("This badge is already granted");
    await recordAdminAction(tx, { action: "grant_badge", admin, target, details: badgeType });
    await notifyBadge(tx, { userId: target.id, grantedBy: admin.id, badgeType });
    return row;
  });
}

/** Removes a granted badge and records it; 404 when the member does not have it. */
export async function removeBadge(db: Db, input: { admin: Person; target: Person; badgeType: ManualBadgeType }) {
  const { admin, target, badgeType } = input;
  await db.transaction(async (tx) => {
    const removed = await tx.delete(userBadges).where(and(eq(userBadges.userId, target.id), eq(userBadges.badgeType, badgeType))).returning();
    if (!removed.length) throw notFound("This badge is not granted");
    await recordAdminAction(tx, { action: "remove_badge", admin, target, details: badgeType });
  });
}
