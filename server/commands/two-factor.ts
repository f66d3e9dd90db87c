import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { recoveryCodes, users } from "../db/schema";
import { conflict } from "../errors";
import { identityChanged } from "../identity/changes";
import { totpStepOf, type TwoFactorSecrets } from "../auth/two-factor";
import { findTwoFactor } from "../queries/two-factor";

const ALREADY_ON = "Two-factor authentication is already enabled";

/** POST /api/auth/2fa/setup: stores a new sealed secret, replacing one not yet enabled; 409 while it is on. */
export async function storeTwoFactorSecret(db: Db, userId: number, sealedSecret: string): Promise<void> {
  const stored = await db
    .update(users)
    .set({ twoFactorSecret: sealedSecret, twoFactorLastStep: null })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false)))
    .returning({ id: users.id });
  if (stored.length === 0) throw conflict(ALREADY_ON);
}

/**
 * POST /api/auth/2fa/enable, once its code was found right for `step`: turns it on, records that
 * step as used (the enabling code is not accepted again) and stores the recovery codes' hashes, in
 * one transaction. False when another request enabled it or used that step first.
 */
export async function enableTwoFactor(db: Db, userId: number, { step, sealedSecret, recoveryHashes }: { step: number; sealedSecret: string; recoveryHashes: string[] }) {
  return db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorLastStep: step })
      .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, false), eq(users.twoFactorSecret, sealedSecret), stepIsNew(step)))
      .returning({ id: users.id });
    if (enabled.length === 0) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(recoveryHashes.map((codeHash) => ({ userId, codeHash })));
    // The identity carries whether it is on (REQUIRE_ADMIN_2FA).
    await identityChanged(tx, userId);
    return true;
  });
}

/** POST /api/auth/2fa/disable: the secret, the used steps and the recovery codes go. */
export async function disableTwoFactor(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorLastStep: null }).where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await identityChanged(tx, userId);
  });
}

/** Takes a code's time step, once: false when it (or a later one) was accepted before, also by a parallel request. */
export async function claimTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true), stepIsNew(step)))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Uses up a recovery code, once: false for a code that is not theirs or was used. */
export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

const stepIsNew = (step: number) => or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step));

/**
 * Whether a second factor is right for a member with two-factor sign-in on, using it up if so: a
 * code from the app (its time step taken, so it works once) or an unused recovery code.
 */
export async function isRightSecondFactor(db: Db, secrets: TwoFactorSecrets, userId: number, factor: { code: string } | { recoveryCode: string }): Promise<boolean> {
  const state = await findTwoFactor(db, userId);
  if (!state?.enabled || !state.sealedSecret) return false;
  if ("recoveryCode" in factor) return useRecoveryCode(db, userId, secrets.hashRecoveryCode(factor.recoveryCode));
  const secret = secrets.decrypt(state.sealedSecret);
  const step = secret === null ? null : await totpStepOf(secret, factor.code, state.lastStep);
  return step !== null && (await claimTimeStep(db, userId, step));
}
