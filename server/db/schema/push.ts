import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, serial, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
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

/**
 * Pushes to send (server/push/push-sender.ts): written in the transaction of the notification or
 * message they announce, so one exists exactly when that was committed, and sent after commit by
 * whichever process claims it. `available_at` is both the retry time and the lease of a claimed row.
 * Exactly one of notification_id and message_id is set; what they name is read at sending time
 * (a notification read or gone by then is not pushed).
 */
export const pushQueue = pgTable(
  "push_queue",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: integer("notification_id"),
    messageId: integer("message_id"),
    attempts: smallint("attempts").notNull().default(0),
    availableAt: timestamptz("available_at").notNull().defaultNow(),
  },
  (table) => [
    check("push_queue_one_subject", sql`(${table.notificationId} IS NULL) <> (${table.messageId} IS NULL)`),
    index("push_queue_available_at_idx").on(table.availableAt, table.id),
  ],
);
