import { and, count, eq, gt, or, sql } from "drizzle-orm";
import { PASSKEY_ALREADY_ADDED, PASSKEYS_PER_MEMBER, TOO_MANY_PASSKEYS } from "@shared/schemas/passkeys";
import type { Db } from "../db/client";
import { passkeys, users } from "../db/schema";
import { badRequest } from "../errors";

type Executor = Pick<Db, "delete">;

/**
 * Stores a verified passkey under `name`, at most PASSKEYS_PER_MEMBER per member: counted under a
 * lock on the member's row, so two additions at once cannot both take the last place. A credential
 * already stored (this member's or another's) is refused.
 */
export async function addPasskey(
  db: Db,
  userId: number,
  passkey: { name: string; credentialId: string; publicKey: Uint8Array<ArrayBuffer>; counter: number; transports: string[] },
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ held }] = (await tx.select({ held: count() }).from(passkeys).where(eq(passkeys.userId, userId))) as [{ held: number }];
    if (held >= PASSKEYS_PER_MEMBER) throw badRequest(TOO_MANY_PASSKEYS);
    const [added] = await tx
      .insert(passkeys)
      .values({ userId, ...passkey })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt });
    if (!added) throw badRequest(PASSKEY_ALREADY_ADDED);
    return added;
  });
}

/** Removes one of the member's passkeys; false when they have none with this id. */
export async function removePasskey(db: Db, userId: number, passkeyId: number): Promise<boolean> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return removed.length > 0;
}

/** Every passkey of the member goes: their deletion. */
export async function removePasskeysOf(db: Executor, userId: number): Promise<void> {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}

/**
 * Records a use with the authenticator's new counter, only if it is still above the stored one (or
 * both are 0, for authenticators that keep none): of two uses racing with one counter value, one is
 * recorded and the other refused as a counter that did not go up.
 */
export async function recordPasskeyUse(db: Db, passkeyId: number, newCounter: number): Promise<boolean> {
  const recorded = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, passkeyId), or(gt(sql`${newCounter}::bigint`, passkeys.counter), and(eq(passkeys.counter, 0), sql`${newCounter}::bigint = 0`))))
    .returning({ id: passkeys.id });
  return recorded.length > 0;
}
