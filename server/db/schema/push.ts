import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * The site's VAPID key pair (RFC 8292): made once by whichever process first needs it (one row,
 * id 1), so every process and restart signs with the same key the browsers subscribed with.
 */
export const vapidKeys = pgTable(
  "vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("vapid_keys_one_row", sql`${table.id} = 1`)],
);

/** A browser's push subscription (PushSubscription.toJSON()); at most PUSH_SUBSCRIPTIONS_PER_MEMBER per member, the oldest replaced. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("push_subscriptions_user_id_idx").on(table.userId, table.id)],
);
