import type { ModerationLogEntry, ModerationLogResponse } from "@shared/types";
import type { ModerationLogRow } from "../queries/moderation-log";
import { isoTime } from "./iso-time";

function presentModerationLogEntry(row: ModerationLogRow): ModerationLogEntry {
  return {
    id: row.id,
    action: row.action,
    targetType: row.targetType,
    targetLabel: row.targetLabel,
    reason: row.reason,
    moderatorUsername: row.moderatorUsername,
    createdAt: isoTime(row.createdAt),
  };
}

export function presentModerationLog(page: { entries: ModerationLogRow[]; nextCursor: number | null }): ModerationLogResponse {
  return { entries: page.entries.map(presentModerationLogEntry), nextCursor: page.nextCursor };
}
