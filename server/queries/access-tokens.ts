import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accessTokens, users } from "../db/schema";
import { identityColumns } from "../identity/member";
import { liveMember } from "./live-member";

/** A member's tokens, oldest first, without their hashes. */
export function listAccessTokens(db: Db, userId: number) {
  return db
    .select({
      id: accessTokens.id,
      name: accessTokens.name,
      scopes: accessTokens.scopes,
      createdAt: accessTokens.createdAt,
      expiresAt: accessTokens.expiresAt,
      lastUsedAt: accessTokens.lastUsedAt,
    })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(asc(accessTokens.id));
}
export type AccessTokenRow = Awaited<ReturnType<typeof listAccessTokens>>[number];

/** The unexpired token with this hash, with its live member's identity; undefined for anything else. */
export async function findBearer(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ tokenId: accessTokens.id, scopes: accessTokens.scopes, lastUsedAt: accessTokens.lastUsedAt, member: identityColumns })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, sql`now()`)), liveMember));
  return row;
}
export type Bearer = NonNullable<Awaited<ReturnType<typeof findBearer>>>;
