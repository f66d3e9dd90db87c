import type { AdminActionType } from "@shared/types";
import type { Db } from "../db/client";
import { adminActions } from "../db/schema";

type Executor = Pick<Db, "insert">;

/** Appends to the audit trail; called inside the same transaction as the action it records. */
export async function recordAdminAction(
  db: Executor,
  entry: { action: AdminActionType; admin: { id: number; username: string }; target?: { id: number | null; username: string }; details?: string | null },
) {
  await db.insert(adminActions).values({
    action: entry.action,
    adminId: entry.admin.id,
    adminUsername: entry.admin.username,
    targetUserId: entry.target?.id ?? null,
    targetUsername: entry.target?.username ?? null,
    details: entry.details ?? null,
  });
}
