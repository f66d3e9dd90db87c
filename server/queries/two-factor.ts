import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";

/** A member's two-factor state: the sealed secret (set up or in force), whether it is on, and what is left of it. */
export async function findTwoFactor(db: Db, userId: number) {
  const [row] = await db
    .select({ sealedSecret: users.twoFactorSecret, enabled: users.twoFactorEnabled, lastStep: users.twoFactorLastStep })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const [{ left }] = (await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))) as [{ left: number }];
  return { ...row, recoveryCodesLeft: left };
}
export type TwoFactorState = NonNullable<Awaited<ReturnType<typeof findTwoFactor>>>;
