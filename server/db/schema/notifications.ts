import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";
import { posts } from "./posts";
import { profileComments } from "./profile-comments";
import { topics } from "./topics";
import { users } from "./users";

/**
 * What a member is told about (docs/notifications.md). `type` is one of NOTIFICATION_TYPES; the
 * columns that do not apply to a type are null. The command that deletes a post or comment deletes
 * or moves the notifications about it first; what outlives it (a moderation notice, a read reply
 * further into which it lay) loses the reference (set null).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 20 }).notNull(),
    /**
     * Who acted (for a coalesced reply: the latest poster). Deleting them deletes what names them;
     * deleteUser first withdraws their posts' part in others' replies and keeps what should outlive them.
     */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "cascade" }),
    topicId: integer("topic_id").references(() => topics.id, { onDelete: "cascade" }),
    /** The post to open (for a coalesced reply: the first new one). */
    postId: integer("post_id").references(() => posts.id, { onDelete: "set null" }),
    commentId: integer("comment_id").references(() => profileComments.id, { onDelete: "set null" }),
    /** The profile to open: the commented profile, the badge holder, the invited member. */
    profileUserId: integer("profile_user_id").references(() => users.id, { onDelete: "cascade" }),
    badgeType: varchar("badge_type", { length: 50 }),
    /**
     * A `moderation` notification's decision, `{targetType}_{action}`: hide or delete by staff, or `flagged` (hidden by
     * flags until reviewed); a `flag_resolved` one's: the decision on what the recipient flagged (keep: staff disagreed).
     */
    moderationAction: varchar("moderation_action", { length: 20 }),
    /** A `moderation` or `flag_resolved` notification: the flags' reason (one of FLAG_REASONS; the flagger's own for `flag_resolved`). */
    moderationReason: varchar("moderation_reason", { length: 20 }),
    /** A `moderation` or `flag_resolved` notification: the note staff wrote with their decision (public in the moderation log too). */
    moderationNote: text("moderation_note"),
    /** Posts a coalesced reply stands for, reactions a `reaction` stands for; 1 for every other type. */
    count: integer("count").notNull().default(1),
    /** For an unread `reaction`: when the earliest reaction it counts was given (one taken back from before then is not in it). */
    countedSince: timestamptz("counted_since"),
    createdAt: createdAt(),
    readAt: timestamptz("read_at"),
  },
  (table) => [
    index("notifications_user_id_id_idx").on(table.userId, sql`${table.id} DESC`),
    index("notifications_unread_idx").on(table.userId).where(sql`${table.readAt} IS NULL`),
    // At most one unread reply per member and topic: new posts add to its count (INSERT ... ON CONFLICT).
    uniqueIndex("notifications_unread_reply_idx")
      .on(table.userId, table.topicId)
      .where(sql`${table.type} = 'reply' AND ${table.readAt} IS NULL`),
    // At most one unread reaction notification per member and post: new reactions add to its count.
    uniqueIndex("notifications_unread_reaction_idx")
      .on(table.userId, table.postId)
      .where(sql`${table.type} = 'reaction' AND ${table.readAt} IS NULL`),
    // A topic's unread replies, for withdrawing deleted posts' part in them (notify.ts): a busy topic's
    // read replies, one per reader and visit, would outnumber them many times.
    index("notifications_unread_reply_topic_idx")
      .on(table.topicId)
      .where(sql`${table.type} = 'reply' AND ${table.readAt} IS NULL`),
    // All of a topic's notifications, for the cascade when it is deleted.
    index("notifications_topic_id_idx").on(table.topicId),
    index("notifications_post_id_idx").on(table.postId),
    index("notifications_comment_id_idx").on(table.commentId),
    index("notifications_actor_id_idx").on(table.actorId),
    index("notifications_profile_user_id_idx").on(table.profileUserId),
  ],
);
