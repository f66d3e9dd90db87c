import type pg from "pg";
import { WebSocket } from "ws";
import type { ConversationReadEvent, MessageEvent } from "@shared/types";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { channels, type ChannelPayload } from "../events/channels";
import { presentMessage } from "../presenters/conversation";
import { findMessage } from "../queries/conversations";
import { ChannelRelay } from "./channel-relay";
import type { ConnectionRegistry } from "./connections";

/**
 * Live private messages: every process hears the messages channel; one holding /ws connections of
 * any participant named in the payload loads the message once (the same for every reader) and sends
 * `{ type: "message", conversationId, message }` to all of them, the sender's other tabs included.
 * The payload carries ids only: a message is too long for a NOTIFY payload (8,000 bytes). The
 * navigation's unread count is not in it: the client refetches GET /api/conversations (its
 * `unreadCount`) on the event, as it does when its socket reconnects after missing some. A member's
 * read position that moved goes to their own connections only, as `{ type: "conversation_read",
 * conversationId, lastReadMessageId }` (nothing to load), so their other devices and tabs update
 * their unread counts.
 */
export class MessageRelay extends ChannelRelay<ChannelPayload<typeof channels.messages>> {
  constructor(pool: pg.Pool, listener: Listener, registry: ConnectionRegistry, logger: Logger) {
    super(pool, channels.messages, listener, registry, logger);
  }

  protected async deliver(payload: ChannelPayload<typeof channels.messages>): Promise<void> {
    const { conversationId } = payload;
    if ("readerId" in payload) {
      const { readerId, lastReadMessageId } = payload;
      this.sendTo([readerId], JSON.stringify({ type: "conversation_read", conversationId, lastReadMessageId } satisfies ConversationReadEvent));
      return;
    }
    const { messageId, userIds } = payload;
    const here = userIds.filter((id) => this.registry.hasMember(id));
    if (here.length === 0) return;
    try {
      const row = await findMessage(this.db, conversationId, messageId);
      if (!row) return;
      // Its author's devices get its source as written, the others its censored words as ■■■ (presentMessage).
      const event = (readerId: number) => JSON.stringify({ type: "message", conversationId, message: presentMessage(row, readerId) } satisfies MessageEvent);
      const others = here.filter((id) => id !== row.authorId);
      if (others.length < here.length) this.sendTo([row.authorId!], event(row.authorId!));
      if (others.length > 0) this.sendTo(others, event(others[0]!));
    } catch (error) {
      this.logger.warn({ conversationId, messageId, error: (error as Error).message }, "Could not deliver a message");
    }
  }

  private sendTo(userIds: number[], text: string): void {
    for (const userId of userIds) {
      for (const socket of this.registry.socketsOf(userId)) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    }
  }
}
