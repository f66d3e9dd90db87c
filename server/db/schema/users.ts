import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, lower, timestamptz, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 20 }).notNull(),
    password: text("password").notNull(),
    email: varchar("email", { length: 254 }),
    avatar: text("avatar"),
    bio: varchar("bio", { length: 500 }),
    website: varchar("website", { length: 200 }),
    twitter: varchar("twitter", { length: 50 }),
    github: varchar("github", { length: 50 }),
    discord: varchar("discord", { length: 50 }),
    telegram: varchar("telegram", { length: 50 }),
    location: varchar("location", { length: 100 }),
    isAdmin: boolean("is_admin").notNull().default(false),
    isBanned: boolean("is_banned").notNull().default(false),
    banReason: varchar("ban_reason", { length: 500 }),
    banExpiresAt: timestamptz("ban_expires_at"),
    // Who banned or invited someone is history: deleting that person keeps the member.
    bannedBy: integer("banned_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    invitedBy: integer("invited_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    postsCount: integer("posts_count").notNull().default(0),
    lastSeenAt: timestamptz("last_seen_at"),
    isOnline: boolean("is_online").notNull().default(false),
    hasBio: boolean("has_bio").notNull().default(false),
    failedLoginAttempts: integer("failed_login_attempts").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_username_lower_idx").on(lower(table.username)),
    index("users_created_at_idx").on(table.createdAt, table.id),
    index("users_invited_by_idx").on(table.invitedBy),
    index("users_admins_idx").on(table.id).where(sql`${table.isAdmin}`),
  ],
);
