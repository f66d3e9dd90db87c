import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { users } from "../db/schema";

/**
 * "Banned right now" in SQL, for a row of `users`: the flag is set and the expiry is absent or
 * still ahead. The same rule in JS is `isBannedNow` (shared/policies/banned-now.ts).
 */
export const bannedNow = sql`(${users.isBanned} AND (${users.banExpiresAt} IS NULL OR ${users.banExpiresAt} > now()))`;

/** `bannedNow` as text, for the raw queries of presence (they name the table `users`, unaliased). */
export const BANNED_NOW_SQL = new PgDialect().sqlToQuery(bannedNow).sql;
