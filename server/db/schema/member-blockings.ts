import { index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * Who blocked whom (docs/product.md "Private messages and blocking"): `blocked_id` cannot put `blocker_id` in a
 * conversation (unless an admin) and causes them no notification; their posts come collapsed to the
 * blocker. Not `member_blocks`, which is the members list's totals per block of ids.
 */
export const memberBlockings = pgTable(
  "member_blockings",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    // Who blocked a member: the notification inserts ask "did the recipient block the actor" by the key; this serves the FK cascade.
    index("member_blockings_blocked_id_idx").on(table.blockedId),
  ],
);
