import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { emailTokens } from "../db/schema";

/**
 * Uses up a mailed link's token (single use): the row it names, if it is of `purpose`, unused and
 * younger than `validFor` (an SQL interval); undefined otherwise. Marked used in the caller's
 * transaction, so of two concurrent uses one wins.
 */
export async function useUpMailedToken(tx: Pick<Db, "update">, tokenHash: string, purpose: "verify" | "reset", validFor: SQL) {
  const [used] = await tx
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), sql`${emailTokens.createdAt} > now() - ${validFor}`))
    .returning({ id: emailTokens.id, userId: emailTokens.userId, email: emailTokens.email });
  return used;
}
