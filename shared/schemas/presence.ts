import { z } from "zod";
import type { WsClientMessage } from "../types/presence";

// Loose objects: the client may send extra fields (a session marker) that the server ignores.
const authenticateMessageSchema = z.looseObject({
  type: z.literal("authenticate"),
  userId: z.int().positive(),
});

/** A parsed message from a /ws client. */
export const wsClientMessageSchema = z.discriminatedUnion("type", [
  authenticateMessageSchema,
]) satisfies z.ZodType<WsClientMessage>;
