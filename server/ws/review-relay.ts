import { WebSocket } from "ws";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { ReviewCountMessage } from "@shared/types";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { channels } from "../events/channels";
import { countPendingReviews } from "../queries/flags";
import { ChannelRelay } from "./channel-relay";
import type { ConnectionRegistry } from "./connections";

/**
 * The live pending review count in staff navigation: when it changes (a flag opens an item, a
 * decision closes one), each process sends `{ type: "review_count", pendingCount }` to the
 * connections it holds of staff members (found among its connected members in one query).
 */
export class ReviewRelay extends ChannelRelay<""> {
  constructor(pool: pg.Pool, listener: Listener, registry: ConnectionRegistry, logger: Logger) {
    super(pool, channels.reviewCount, listener, registry, logger);
  }

  protected async deliver(): Promise<void> {
    const connected = [...this.registry.members()];
    if (connected.length === 0) return;
    try {
      const staff = await this.db.execute<{ id: number }>(
        sql`SELECT id FROM users WHERE id = ANY(${sql.param(connected)}::int[]) AND (is_admin OR is_moderator)`,
      );
      if (staff.rows.length === 0) return;
      const text = JSON.stringify({ type: "review_count", pendingCount: await countPendingReviews(this.db) } satisfies ReviewCountMessage);
      for (const { id } of staff.rows) for (const socket of this.registry.socketsOf(id)) if (socket.readyState === WebSocket.OPEN) socket.send(text);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Could not deliver the review count");
    }
  }
}
