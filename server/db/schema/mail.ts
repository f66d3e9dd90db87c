import { index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { TEXT_LIMITS } from "@shared/constants";
import { createdAt, timestamptz } from "./columns";
import { users } from "./users";

/**
 * The secrets mailed links carry (docs/decisions/038-email.md): `verify` an address, `reset` a
 * password. Only the SHA-256 of a secret is kept. A token is used up (`used_at`) when it is
 * redeemed, or when a later one of its member's is redeemed; the rows stay a day, so the per-member
 * cap on reset mails can count them.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 6 }).$type<"verify" | "reset">().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The address the link went to: a verification proves that address only. */
    email: varchar("email", { length: TEXT_LIMITS.email }).notNull(),
    createdAt: createdAt(),
    usedAt: timestamptz("used_at"),
  },
  (table) => [index("email_tokens_user_id_idx").on(table.userId, table.purpose, table.createdAt), index("email_tokens_created_at_idx").on(table.createdAt)],
);

/**
 * What a member was mailed about (docs/decisions/038-email.md): their schedule's decisions (jobs of
 * the job queue, one per member) read and write it, under its row lock.
 */
export const mailSchedules = pgTable("mail_schedules", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Unread things that arrived up to then were in a mail already: only newer ones bring another. */
  mailedThrough: timestamptz("mailed_through"),
  lastAwayMailAt: timestamptz("last_away_mail_at"),
  lastDigestAt: timestamptz("last_digest_at"),
});
