import { z } from "zod";
import { NOT_BLANK } from "./fields";

/** Personal access tokens (docs/product.md "Accounts and sessions"). */
export const ACCESS_TOKEN_NAME_MAX = 50;
export const ACCESS_TOKEN_MAX_DAYS = 365;
/** How many tokens a member may hold at once (expired ones count until revoked). */
export const ACCESS_TOKENS_PER_MEMBER = 10;
/** What every token's secret starts with, so that scanners and people can tell what it is. */
export const ACCESS_TOKEN_PREFIX = "enc_";

// zod-to-openapi writes a tuple as its `prefixItems` alone, which an array of any length passes: the length is stated too.
const exactly = <T extends z.ZodTuple>(tuple: T) => tuple.meta({ minItems: tuple.def.items.length, maxItems: tuple.def.items.length });

export const accessTokenScopesSchema = z.union([exactly(z.tuple([z.literal("read")])), exactly(z.tuple([z.literal("read"), z.literal("write")]))], {
  error: 'Scopes must be ["read"] or ["read", "write"]',
});
export type AccessTokenScopes = z.output<typeof accessTokenScopesSchema>;

/** POST /api/tokens */
export const createAccessTokenSchema = z.strictObject({
  name: z.string().trim().min(1, "Name the token").max(ACCESS_TOKEN_NAME_MAX, `Name too long: at most ${ACCESS_TOKEN_NAME_MAX} characters`).meta(NOT_BLANK),
  scopes: accessTokenScopesSchema,
  expiresInDays: z
    .number({ error: "Expiry must be a number of days" })
    .int("Expiry must be a whole number of days")
    .min(1, "Expiry must be at least 1 day")
    .max(ACCESS_TOKEN_MAX_DAYS, `Expiry must be at most ${ACCESS_TOKEN_MAX_DAYS} days`)
    .optional(),
});
export type CreateAccessTokenInput = z.input<typeof createAccessTokenSchema>;

const isoTime = z.iso.datetime();

/** One of the member's tokens as GET /api/tokens lists it: never its secret. */
export const accessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: accessTokenScopesSchema,
  createdAt: isoTime,
  expiresAt: isoTime.nullable(),
  lastUsedAt: isoTime.nullable(),
});
export type AccessToken = z.output<typeof accessTokenSchema>;

/** GET /api/tokens */
export const accessTokensResponseSchema = z.object({ tokens: z.array(accessTokenSchema) });
export type AccessTokensResponse = z.output<typeof accessTokensResponseSchema>;

/** POST /api/tokens → 201: the secret, shown this once. */
export const createdAccessTokenSchema = accessTokenSchema.omit({ lastUsedAt: true }).extend({ token: z.string() });
export type CreatedAccessToken = z.output<typeof createdAccessTokenSchema>;
