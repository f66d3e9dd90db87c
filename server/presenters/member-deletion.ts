import type { MemberDeletion } from "@shared/types";
import type { memberDeletions } from "../db/schema";
import { isoTime, isoTimeOrNull } from "./iso-time";

export function presentMemberDeletion(row: typeof memberDeletions.$inferSelect): MemberDeletion {
  return {
    userId: row.userId,
    username: row.username,
    content: row.content,
    status: row.finishedAt ? "done" : "deleting",
    postsDone: row.postsDone,
    postsTotal: row.postsTotal,
    startedAt: isoTime(row.createdAt),
    finishedAt: isoTimeOrNull(row.finishedAt),
  };
}
