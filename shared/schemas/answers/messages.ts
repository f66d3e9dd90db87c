import { z } from "zod";
import { BADGE_TYPES, NOTIFICATION_TYPES } from "../../constants";
import { REVIEW_FLAG_REASONS } from "../../flags";
import { countSchema, idSchema, isoTimeSchema, memberSummarySchema, viewerFlaggedSchema } from "./common";
import { roleSchema } from "./users";

/** One notification; fields that do not apply to its type are null (docs/notifications.md). */
export const notificationSchema = z
  .strictObject({
    id: idSchema,
    type: z.enum(NOTIFICATION_TYPES),
    createdAt: isoTimeSchema,
    readAt: isoTimeSchema.nullable(),
    actor: memberSummarySchema.nullable(),
    topicId: idSchema.nullable(),
    topicTitle: z.string().nullable(),
    postId: idSchema.nullable(),
    count: countSchema.nullable(),
    badgeType: z.enum(BADGE_TYPES).nullable(),
    profileUsername: z.string().nullable(),
    moderationAction: z.string().nullable().meta({
      description:
        "A `moderation` notification: `{targetType}_{action}`, e.g. `post_hide`, `post_delete`, or `post_flagged` (hidden by flags until staff review it); a `flag_resolved` notification: the decision on what the recipient flagged (`_keep`: staff disagreed).",
    }),
    moderationReason: z.enum(REVIEW_FLAG_REASONS).nullable().meta({ description: "`moderation` and `flag_resolved`: the flags' reason (the recipient's own flag's for `flag_resolved`)." }),
    moderationNote: z.string().nullable().meta({ description: "`moderation` and `flag_resolved`: the note staff wrote with their decision." }),
  })
  .meta({ id: "Notification" });
/** GET /api/notifications */
export const notificationsPageSchema = z
  .strictObject({ notifications: z.array(notificationSchema), unreadCount: countSchema, nextCursor: z.string().nullable() })
  .meta({ id: "NotificationsPage" });
/** POST /api/notifications/read: what is left unread. */
export const unreadNotificationsSchema = z.strictObject({ unreadCount: countSchema }).meta({ id: "UnreadNotifications" });

/** A participant or a message's author: staff are marked next to their name. */
export const conversationMemberSchema = memberSummarySchema.extend({ role: roleSchema }).meta({ id: "ConversationMember" });

/** One conversation: the same in the list, GET /api/conversations/{id} and the 201 of creating one. */
export const conversationSchema = z
  .strictObject({
    id: idSchema,
    title: z.string().nullable(),
    participants: z.array(conversationMemberSchema),
    lastMessage: z.strictObject({ id: idSchema, authorUsername: z.string().nullable(), excerpt: z.string(), createdAt: isoTimeSchema }).nullable(),
    unreadCount: countSchema,
    updatedAt: isoTimeSchema,
  })
  .meta({ id: "Conversation" });
/** GET /api/conversations */
export const conversationsPageSchema = z
  .strictObject({ conversations: z.array(conversationSchema), unreadCount: countSchema, nextCursor: z.string().nullable() })
  .meta({ id: "ConversationsPage" });
/** A private message; `content` and `html` are "" once deleted. */
export const privateMessageSchema = z
  .strictObject({
    id: idSchema,
    author: conversationMemberSchema.nullable().meta({ description: "Null once the message outlived its deleted author: \"Deleted member\"." }),
    content: z.string(), html: z.string(), createdAt: isoTimeSchema, deleted: z.boolean(), viewerFlagged: viewerFlaggedSchema })
  .meta({ id: "PrivateMessage" });
/** GET /api/conversations/{id}/messages: oldest first within the page. */
export const messagesPageSchema = z.strictObject({ messages: z.array(privateMessageSchema), hasMore: z.boolean() }).meta({ id: "MessagesPage" });
/** PUT /api/conversations/{id}/read: the read position now (it never moves back). */
export const conversationReadPositionSchema = z.strictObject({ lastReadMessageId: countSchema }).meta({ id: "ConversationReadPosition" });
/** GET /api/blocks */
export const blocksListSchema = z.strictObject({ blocks: z.array(memberSummarySchema) }).meta({ id: "BlocksList" });
