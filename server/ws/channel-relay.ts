import type pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { listen, type Channel } from "../events/channels";
import type { ConnectionRegistry } from "./connections";

/**
 * Relays one NOTIFY channel to this process's /ws connections: the process's one LISTEN connection
 * hears it, and `deliver` loads what the payload names and sends it. Missed while the listener is
 * disconnected: the client refetches what it shows when its socket reconnects.
 */
export abstract class ChannelRelay<Payload> {
  protected readonly db;
  private unsubscribe = async () => {};

  constructor(
    pool: pg.Pool,
    private readonly channel: Channel<Payload>,
    private readonly listener: Listener,
    protected readonly registry: ConnectionRegistry,
    protected readonly logger: Logger,
  ) {
    this.db = drizzle(pool);
  }

  async start(): Promise<void> {
    this.unsubscribe = await listen(this.listener, this.channel, { notify: (payload) => void this.deliver(payload) });
  }

  close(): Promise<void> {
    return this.unsubscribe();
  }

  protected abstract deliver(payload: Payload): Promise<void>;
}
