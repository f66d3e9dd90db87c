import { sql } from "drizzle-orm";
import { TEXT_LIMITS } from "@shared/constants";
import { DEFAULT_THEME, THEMES, type Theme } from "@shared/theme";
import { DEFAULT_EMAIL_NOTIFICATIONS, EMAIL_NOTIFICATIONS, type EmailNotifications } from "@shared/email-notifications";
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, lower, timestamptz, updatedAt } from "./columns";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: TEXT_LIMITS.usernameMax }).notNull(),
    password: text("password").notNull(),
    email: varchar("email", { length: TEXT_LIMITS.email }),
    // Set by POST /api/auth/verify-email, cleared whenever the address changes: only a verified address gets mail.
    emailVerified: boolean("email_verified").notNull().default(false),
    emailNotifications: varchar("email_notifications", { length: 5 }).$type<EmailNotifications>().notNull().default(DEFAULT_EMAIL_NOTIFICATIONS),
    avatar: text("avatar"),
    bio: varchar("bio", { length: TEXT_LIMITS.bio }),
    website: varchar("website", { length: TEXT_LIMITS.website }),
    twitter: varchar("twitter", { length: TEXT_LIMITS.socialHandle }),
    github: varchar("github", { length: TEXT_LIMITS.socialHandle }),
    discord: varchar("discord", { length: TEXT_LIMITS.socialHandle }),
    telegram: varchar("telegram", { length: TEXT_LIMITS.socialHandle }),
    location: varchar("location", { length: TEXT_LIMITS.location }),
    theme: varchar("theme", { length: 10 }).$type<Theme>().notNull().default(DEFAULT_THEME),
    isAdmin: boolean("is_admin").notNull().default(false),
    // The moderator role (shared/roles.ts reads the two flags as one role; never both).
    isModerator: boolean("is_moderator").notNull().default(false),
    isBanned: boolean("is_banned").notNull().default(false),
    banReason: varchar("ban_reason", { length: TEXT_LIMITS.banReason }),
    banExpiresAt: timestamptz("ban_expires_at"),
    // Who banned or invited someone is history: deleting that person keeps the member.
    bannedBy: integer("banned_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    // Silence: the member reads but may not write until then (docs/product.md "Moderation by the community").
    silencedUntil: timestamptz("silenced_until"),
    silenceReason: varchar("silence_reason", { length: TEXT_LIMITS.banReason }),
    silencedBy: integer("silenced_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    invitedBy: integer("invited_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    postsCount: integer("posts_count").notNull().default(0),
    lastSeenAt: timestamptz("last_seen_at"),
    isOnline: boolean("is_online").notNull().default(false),
    hasBio: boolean("has_bio").notNull().default(false),
    failedLoginAttempts: integer("failed_login_attempts").notNull().default(0),
    lockedUntil: timestamptz("locked_until"),
    // Two-factor sign-in (docs/decisions/029): the TOTP secret encrypted with a key from the session
    // secret (a dump alone does not give it away), set by setup and in force once enabled; the last
    // time step a code was accepted for, so no code is accepted twice.
    twoFactorSecret: text("two_factor_secret"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    twoFactorLastStep: integer("two_factor_last_step"),
    // Set when an admin deletes them: from then on the site treats them as gone (queries/live-member.ts)
    // while a member_deletions job removes their rows in batches, the row itself last.
    deletedAt: timestamptz("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_username_lower_idx").on(lower(table.username)),
    index("users_created_at_idx").on(table.createdAt, table.id),
    index("users_invited_by_idx").on(table.invitedBy),
    index("users_admins_idx").on(table.id).where(sql`${table.isAdmin}`),
    check("users_one_role", sql`NOT (${table.isAdmin} AND ${table.isModerator})`),
    index("users_moderators_idx").on(table.id).where(sql`${table.isModerator}`),
    // A password reset may be asked for by a verified address.
    index("users_verified_email_idx").on(lower(table.email)).where(sql`${table.emailVerified}`),
    check("users_email_notifications", sql`${table.emailNotifications} IN (${sql.raw(EMAIL_NOTIFICATIONS.map((name) => `'${name}'`).join(", "))})`),
    check("users_theme", sql`${table.theme} IN (${sql.raw(THEMES.map((name) => `'${name}'`).join(", "))})`),
  ],
);
