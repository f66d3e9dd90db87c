import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
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
 * When to look at a member's unread notifications and messages for an away mail or a digest
 * (docs/decisions/038-email.md). The scheduler reads only the rows due (a partial index), works out
 * when the mail may go and sends it, or sets `due_at` to then (null: when something new comes).
 */
export const mailSchedules = pgTable(
  "mail_schedules",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dueAt: timestamptz("due_at"),
    /** Unread things that arrived up to then were in a mail already: only newer ones bring another. */
    mailedThrough: timestamptz("mailed_through"),
    lastAwayMailAt: timestamptz("last_away_mail_at"),
    lastDigestAt: timestamptz("last_digest_at"),
  },
  (table) => [index("mail_schedules_due_at_idx").on(table.dueAt).where(sql`${table.dueAt} IS NOT NULL`)],
);

/**
 * "Something is new for this member": written by triggers (migration 0029) when a notification or a
 * message becomes unread for a member who gets mail, or their last socket closes. Append-only, so a
 * busy transaction takes no lock for it; the scheduler turns the rows into due schedules and deletes them.
 */
export const mailWakeups = pgTable("mail_wakeups", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
});
