import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { users } from "./users";

/** Two-factor recovery codes: each stored as a keyed hash (never the code), used at most once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);
