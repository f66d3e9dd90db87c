import type { AdminAction, AdminActionType } from "@shared/types";
import type { adminActions } from "../db/schema";
import { isoTime } from "./iso-time";

export function presentAdminAction(row: typeof adminActions.$inferSelect): AdminAction {
  return {
    id: row.id,
    action: row.action as AdminActionType,
    adminUsername: row.adminUsername,
    targetUsername: row.targetUsername,
    targetUserId: row.targetUserId,
    details: row.details,
    createdAt: isoTime(row.createdAt),
  };
}
