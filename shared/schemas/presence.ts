import { z } from "zod";
import { WS_MAX_FOLLOWED_TOPICS } from "../constants";

// Loose objects: the client may send extra fields (a session marker) that the server ignores.
const authenticateMessageSchema = z.looseObject({
  type: z.literal("authenticate"),
  /** The server answers from the session and ignores a differing id. */
  userId: z.int().positive(),
});

const topicId = z.int().positive().max(2_147_483_647);

/** What a socket follows: topics by id (what its page shows), or the topic list. */
const followedSchema = z.union([z.literal("list"), z.array(topicId).min(1).max(WS_MAX_FOLLOWED_TOPICS)]);

const subscribeMessageSchema = z.looseObject({ type: z.literal("subscribe"), topics: followedSchema });
const unsubscribeMessageSchema = z.looseObject({ type: z.literal("unsubscribe"), topics: followedSchema });
/** The member is writing a reply in a topic their socket follows. */
const typingMessageSchema = z.looseObject({ type: z.literal("typing"), topicId });

/** A parsed message from a /ws client. */
export const wsClientMessageSchema = z.discriminatedUnion("type", [authenticateMessageSchema, subscribeMessageSchema, unsubscribeMessageSchema, typingMessageSchema]);

export type WsClientMessage = z.infer<typeof wsClientMessageSchema>;
export type AuthenticateMessage = z.infer<typeof authenticateMessageSchema>;
export type FollowMessage = z.infer<typeof subscribeMessageSchema> | z.infer<typeof unsubscribeMessageSchema>;
export type TypingMessage = z.infer<typeof typingMessageSchema>;
