import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { ACCESS_TOKEN_NAME_MAX } from "@shared/schemas/access-tokens";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * Personal access tokens (docs/decisions/033-access-tokens.md): each stored as the SHA-256 of its
 * secret, never the secret, looked up by that hash. `scopes` is ["read"] or ["read","write"].
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: ACCESS_TOKEN_NAME_MAX }).notNull(),
    tokenHash: text("token_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz("expires_at"),
    lastUsedAt: timestamptz("last_used_at"),
  },
  (table) => [uniqueIndex("access_tokens_token_hash_idx").on(table.tokenHash), index("access_tokens_user_id_idx").on(table.userId)],
);
