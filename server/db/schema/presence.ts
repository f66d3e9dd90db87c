import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";
import { users } from "./users";

/**
 * One row per running server process that holds /ws connections, heartbeated with the database's
 * clock. A row not heartbeated for the stale timeout belongs to a process that died: any live
 * process deletes it and takes its members offline (docs/decisions/007-presence.md).
 */
export const presenceProcesses = pgTable("presence_processes", {
  id: text("id").primaryKey(),
  connections: integer("connections").notNull().default(0),
  startedAt: timestamptz("started_at").notNull().defaultNow(),
  lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
});

/** Which process holds at least one /ws connection of which member, and how many. */
export const presenceConnections = pgTable(
  "presence_connections",
  {
    processId: text("process_id")
      .notNull()
      .references(() => presenceProcesses.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Open sockets (and upgrades admitted, not yet open): the per-member cap counts them on every process. */
    sockets: integer("sockets").notNull().default(1),
  },
  (table) => [primaryKey({ columns: [table.processId, table.userId] }), index("presence_connections_user_id_idx").on(table.userId)],
);
