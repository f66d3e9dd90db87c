import type { AccessToken, AccessTokenScopes, CreatedAccessToken } from "@shared/schemas/access-tokens";
import type { AccessTokenRow } from "../queries/access-tokens";

/** A token as GET /api/tokens lists it: never its secret or its hash. */
export function presentAccessToken(row: AccessTokenRow): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as AccessTokenScopes,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** POST /api/tokens: the new token with its secret, which is never shown again. */
export function presentCreatedAccessToken(row: AccessTokenRow, token: string): CreatedAccessToken {
  const { lastUsedAt: _unused, ...shown } = presentAccessToken(row);
  return { ...shown, token };
}
