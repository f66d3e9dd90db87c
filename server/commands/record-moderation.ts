import type { ModerationAction, ModerationTargetType } from "@shared/moderation-log";
import type { Db } from "../db/client";
import { moderationLog } from "../db/schema";

type Executor = Pick<Db, "insert">;

/**
 * Appends to the public moderation log, inside the transaction of the action it records. `targetLabel`
 * names the target (a username, a topic title, "post #12 in …") and must never quote hidden text.
 */
export async function recordModeration(
  db: Executor,
  entry: {
    action: ModerationAction;
    /** `id` null: the operator, from the CLI. */
    moderator: { id: number | null; username: string };
    targetType: ModerationTargetType;
    targetLabel: string;
    reason?: string | null;
  },
) {
  await db.insert(moderationLog).values({
    action: entry.action,
    targetType: entry.targetType,
    targetLabel: entry.targetLabel.slice(0, 200),
    reason: entry.reason ?? null,
    moderatorId: entry.moderator.id,
    moderatorUsername: entry.moderator.username,
  });
}
