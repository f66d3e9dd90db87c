import type pg from "pg";
import { WebSocket } from "ws";
import type { NotificationMessage, NotificationsReadMessage } from "@shared/types";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { NOTIFICATIONS_CHANNEL } from "../commands/notify";
import { presentNotification } from "../presenters/notification";
import { countUnreadNotifications, findNotification } from "../queries/notifications";
import type { ConnectionRegistry } from "./connections";

/**
 * Live notifications: every process hears the notifications channel (on the presence hub's LISTEN
 * connection); the ones holding /ws connections of the recipient load what changed and the unread
 * count (one query each) and send it to all of them: `{ type: "notification", notification,
 * unreadCount }` for a new or updated one (payload `{userId, id}`), `{ type: "notifications_read",
 * unreadCount }` when some were marked read (payload `{userId}`). A member with no connection here
 * costs nothing; one who was offline reads the count on their next page load.
 */
export class NotificationRelay {
  private readonly db;
  private unsubscribe = async () => {};

  constructor(
    pool: pg.Pool,
    private readonly listener: Listener,
    private readonly registry: ConnectionRegistry,
    private readonly logger: Logger,
  ) {
    this.db = drizzle(pool);
  }

  /** Missed while the listener is disconnected: the client refetches the count when its socket reconnects. */
  async start(): Promise<void> {
    this.unsubscribe = await this.listener.subscribe(NOTIFICATIONS_CHANNEL, { notify: (payload) => void this.deliver(payload) });
  }

  close(): Promise<void> {
    return this.unsubscribe();
  }

  private async deliver(payload: string): Promise<void> {
    let message: { userId?: unknown; id?: unknown };
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    const { userId, id } = message;
    if (typeof userId !== "number" || !this.registry.hasMember(userId)) return;
    try {
      let text: string;
      if (typeof id === "number") {
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
