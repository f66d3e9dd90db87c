import type pg from "pg";
import { WebSocket } from "ws";
import type { NotificationMessage, NotificationsReadMessage } from "@shared/types";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { channels, type ChannelPayload } from "../events/channels";
import { presentNotification } from "../presenters/notification";
import { countUnreadNotifications, findNotification } from "../queries/notifications";
import { ChannelRelay } from "./channel-relay";
import type { ConnectionRegistry } from "./connections";

/**
 * Live notifications: every process hears the notifications channel (on the presence hub's LISTEN
 * connection); the ones holding /ws connections of the recipient load what changed and the unread
 * count (one query each) and send it to all of them: `{ type: "notification", notification,
 * unreadCount }` for a new or updated one (payload `{userId, id}`), `{ type: "notifications_read",
 * unreadCount }` when some were marked read (payload `{userId}`). A member with no connection here
 * costs nothing; one who was offline reads the count on their next page load.
 */
export class NotificationRelay extends ChannelRelay<ChannelPayload<typeof channels.notifications>> {
  constructor(pool: pg.Pool, listener: Listener, registry: ConnectionRegistry, logger: Logger) {
    super(pool, channels.notifications, listener, registry, logger);
  }

  protected async deliver({ userId, id }: ChannelPayload<typeof channels.notifications>): Promise<void> {
    if (!this.registry.hasMember(userId)) return;
    try {
      let text: string;
      if (id !== undefined) {
        const [row, unreadCount] = await Promise.all([findNotification(this.db, userId, id), countUnreadNotifications(this.db, userId)]);
        // Gone already (read, withdrawn, or superseded by a newer id of the same reply).
        if (!row) return;
        text = JSON.stringify({ type: "notification", notification: presentNotification(row), unreadCount } satisfies NotificationMessage);
      } else {
        const unreadCount = await countUnreadNotifications(this.db, userId);
        text = JSON.stringify({ type: "notifications_read", unreadCount } satisfies NotificationsReadMessage);
      }
      for (const socket of this.registry.socketsOf(userId)) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    } catch (error) {
      this.logger.warn({ userId, error: (error as Error).message }, "Could not deliver a notification");
    }
  }
}
