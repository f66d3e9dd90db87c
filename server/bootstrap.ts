import { and, asc, count, gt, isNull, or, sql } from "drizzle-orm";
import { createInvite } from "./commands/create-invite";
import type { Db } from "./db/client";
import { invites, users } from "./db/schema";
import type { Logger } from "./logger";

/**
 * On an empty site, make sure there is a way in: an invite code, logged for the operator.
 * An unused one from an earlier start is shown again rather than replaced.
 */
export async function ensureSetupInvite(db: Db, logger: Logger): Promise<string | undefined> {
  const [{ userCount }] = (await db.select({ userCount: count() }).from(users)) as [{ userCount: number }];
  if (userCount > 0) return undefined;
  const [usable] = await db
    .select({ code: invites.code })
    .from(invites)
    .where(and(isNull(invites.usedBy), or(isNull(invites.expiresAt), gt(invites.expiresAt, sql`now()`))))
    .orderBy(asc(invites.id))
    .limit(1);
  const code = usable?.code ?? (await createInvite(db)).code;
  logger.info(`Setup invite code: ${code} (the first account registered becomes an administrator)`);
  return code;
}
