import { sql } from "drizzle-orm";
import { index, json, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Sessions (server/auth/session-store.ts); the shape connect-pg-simple used, `sid` as text. */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6, mode: "date" }).notNull(),
  },
  (table) => [
    index("sessions_expire_idx").on(table.expire),
    // Signing a member out everywhere (password change, ban, deletion) finds their sessions by user id.
    index("sessions_user_id_idx").on(sql`((${table.sess} -> 'passport' ->> 'user'))`),
  ],
);
