import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { passkeys, users } from "../db/schema";
import { liveMember } from "./live-member";

/** A member's passkeys, oldest first, without their keys. */
export function listPasskeys(db: Db, userId: number) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.id));
}
export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

/** The member's credential ids, for registration options to exclude (an authenticator holding one is not added twice). */
export function ownCredentials(db: Db, userId: number) {
  return db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id));
}

/** The passkey a sign-in names, with what verifying it takes; undefined when unknown or its member is deleted. */
export async function findPasskeyByCredential(db: Db, credentialId: string) {
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, credentialId), liveMember));
  return row;
}
export type StoredPasskey = NonNullable<Awaited<ReturnType<typeof findPasskeyByCredential>>>;
