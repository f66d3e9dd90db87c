import { and, count, eq, lt, or, isNull, sql } from "drizzle-orm";
import { ACCESS_TOKENS_PER_MEMBER, type AccessTokenScopes } from "@shared/schemas/access-tokens";
import type { Db } from "../db/client";
import { accessTokens, users } from "../db/schema";
import { conflict } from "../errors";
import { newAccessTokenSecret } from "../identity/access-token";

type Executor = Pick<Db, "delete">;

/** `lastUsedAt` is written at most this often per token: a bearer call costs no write of its own. */
export const LAST_USED_PRECISION_MS = 5 * 60_000;

/**
 * Makes a token for the member, at most ACCESS_TOKENS_PER_MEMBER of them: counted under a lock on
 * the member's row, so two requests at once cannot both take the last place. Answers its row and its
 * secret, which exists nowhere else (only its hash is stored).
 */
export async function createAccessToken(db: Db, userId: number, input: { name: string; scopes: AccessTokenScopes; expiresInDays?: number }) {
  const { token, tokenHash } = newAccessTokenSecret();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ held }] = (await tx.select({ held: count() }).from(accessTokens).where(eq(accessTokens.userId, userId))) as [{ held: number }];
    if (held >= ACCESS_TOKENS_PER_MEMBER) throw conflict(`You can have at most ${ACCESS_TOKENS_PER_MEMBER} tokens: revoke one first`);
    const expiresAt = input.expiresInDays === undefined ? null : sql`now() + make_interval(days => ${input.expiresInDays})`;
    const [created] = await tx.insert(accessTokens).values({ userId, name: input.name, scopes: input.scopes, tokenHash, expiresAt }).returning();
    return created!;
  });
  return { row, token };
}

/** Revokes one of the member's tokens; false when they have none with this id. */
export async function revokeAccessToken(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const ended = await db.delete(accessTokens).where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId))).returning({ id: accessTokens.id });
  return ended.length > 0;
}

/** Every token of the member dies: a ban, a password reset or change, their deletion. */
export async function revokeAccessTokensOf(db: Executor, userId: number): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}

/** Records a use, unless one was recorded within LAST_USED_PRECISION_MS (then it writes nothing). */
export async function recordAccessTokenUse(db: Db, tokenId: number): Promise<void> {
  const stale = sql`now() - make_interval(secs => ${LAST_USED_PRECISION_MS / 1000})`;
  await db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, stale))));
}
