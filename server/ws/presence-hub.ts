import { randomUUID } from "node:crypto";
import type pg from "pg";
import { WS_CLOSE_NOT_ALLOWED, WS_CLOSE_SIGNED_OUT } from "@shared/constants";
import type { UserStatusChangeMessage } from "@shared/types/presence";
import type { Logger } from "../logger";
import { channels, listen, type ChannelPayload } from "../events/channels";
import type { Listener } from "../db/listener";
import {
  claimSocket,
  clearStrayOnlineFlags,
  heartbeat,
  loadOnlineMembers,
  registerProcess,
  sweepStaleProcesses,
  syncMember,
  unregisterProcess,
  validSessions,
} from "../presence/store";
import type { ConnectionRegistry } from "./connections";
import { sendText } from "./send-text";

export interface PresenceTiming {
  /** How often this process heartbeats its row, sweeps stale processes and re-checks sessions. */
  heartbeatIntervalMs: number;
  /** A process whose row has not been heartbeated for this long is dead: its members go offline. */
  staleAfterMs: number;
}

export const DEFAULT_PRESENCE_TIMING: PresenceTiming = { heartbeatIntervalMs: 15_000, staleAfterMs: 60_000 };

export interface PresenceHubOptions {
  pool: pg.Pool;
  logger: Logger;
  registry: ConnectionRegistry;
  /** The process's shared LISTEN connection. */
  listener: Listener;
  timing?: Partial<PresenceTiming>;
}

/**
 * Presence shared by every server process on the database. This process writes its own members'
 * connections to PostgreSQL (one small transaction when a member's first connection here opens or
 * their last one closes), and learns every change — its own included — through LISTEN, so all
 * processes broadcast the same `user_status_change` messages in the same order.
 */
export class PresenceHub {
  readonly processId = randomUUID();
  private readonly pool: pg.Pool;
  private readonly logger: Logger;
  private readonly registry: ConnectionRegistry;
  readonly timing: PresenceTiming;
  private readonly listener: Listener;
  private readonly unsubscribes: Array<() => Promise<void>> = [];
  /** Who is online on any process, as announced through NOTIFY. */
  private readonly online = new Set<number>();
  /** Members connected here whose online announcement has not come back through NOTIFY yet. */
  private readonly arriving = new Set<number>();
  private onlineJson: string | undefined;
  /** One running sync per member; `again` when their local state changed while it ran. */
  private readonly syncs = new Map<number, { again: boolean; done: Promise<void> }>();
  /** Members whose sync failed (database unreachable): retried at each heartbeat. */
  private readonly unsynced = new Set<number>();
  private needsReload = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private closing = false;

  constructor({ pool, logger, registry, listener, timing }: PresenceHubOptions) {
    this.pool = pool;
    this.logger = logger;
    this.registry = registry;
    this.listener = listener;
    this.timing = { ...DEFAULT_PRESENCE_TIMING, ...timing };
  }

  async start(): Promise<void> {
    await registerProcess(this.pool, this.processId, 0);
    await clearStrayOnlineFlags(this.pool);
    this.unsubscribes.push(
      // At shutdown this process's own offline announcements are not worth sending to its own sockets.
      await listen(this.listener, channels.presenceControl, { notify: (message) => !this.closing && this.control(message) }),
      // After every (re)connection: changes may have been missed, so who is online is read again.
      await listen(this.listener, channels.presence, {
        notify: ({ userId, isOnline }) => !this.closing && this.setOnline(userId, isOnline),
        listening: () => this.reload(),
      }),
    );
    this.timer = setInterval(() => void this.tick(), this.timing.heartbeatIntervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** The `online_users` message for a member's new connection: everyone online, them included. */
  onlineUsersMessage(userId: number): string {
    this.onlineJson ??= [...this.online].join(",");
    // Members who connected here a moment ago count at once, without waiting for their NOTIFY.
    const extra = [...this.arriving].filter((id) => id !== userId);
    if (!this.online.has(userId)) extra.push(userId);
    const ids = [this.onlineJson, ...extra].filter(Boolean).join(",");
    return `{"type":"online_users","users":[${ids}]}`;
  }

  isOnline(userId: number): boolean {
    return this.online.has(userId);
  }

  /**
   * Admits one more socket of a member if they hold fewer than `max` on all processes together
   * (docs/product.md "Abuse limits"). "ok" holds a slot here until the socket is added to the
   * registry (release the hold then) or `abandonClaim` gives it back.
   */
  async claimSocket(userId: number, max: number): Promise<"ok" | "full" | "unavailable"> {
    let granted = false;
    try {
      const result = await claimSocket(this.pool, {
        processId: this.processId,
        userId,
        max,
        staleAfterMs: this.timing.staleAfterMs,
        sockets: () => this.registry.slotsOf(userId),
        grant: () => {
          granted = true;
          this.registry.reserve(userId);
        },
      });
      // Swept as stale ("process-gone"): the next heartbeat registers this process again.
      return result === "process-gone" ? "unavailable" : result;
    } catch (error) {
      this.logger.warn({ userId, error: (error as Error).message }, "Could not count a member's sockets");
      if (granted) this.abandonClaim(userId);
      return "unavailable";
    }
  }

  /** An admitted upgrade did not become a socket: its slot is given back. */
  abandonClaim(userId: number): void {
    this.registry.release(userId);
    this.memberChanged(userId);
  }

  /** The member's sockets on this process changed (one opened or closed, or a claim was given back). */
  memberChanged(userId: number): void {
    if (this.closing) return;
    if (this.registry.hasMember(userId) && !this.online.has(userId)) this.arriving.add(userId);
    else this.arriving.delete(userId);
    const running = this.syncs.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false, done: Promise.resolve() };
    this.syncs.set(userId, state);
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await this.syncOnce(userId);
        } while (state.again && !this.closing);
      } finally {
        this.syncs.delete(userId);
      }
    })();
  }

  /** Resolves when no member sync is running (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.syncs.size > 0) await Promise.all([...this.syncs.values()].map((sync) => sync.done));
  }

  private async syncOnce(userId: number): Promise<void> {
    try {
      const result = await syncMember(this.pool, this.processId, userId, () => this.registry.slotsOf(userId));
      this.unsynced.delete(userId);
      if (result.ok) return;
      if (result.reason === "process-gone") {
        // Swept as stale (a long pause, or the database was away): register again and re-record everyone.
        await this.revive();
        const running = this.syncs.get(userId);
        if (running) running.again = true;
      } else {
        // The member was deleted: close what is left of them and make sure everyone sees them go.
        this.closeMember(userId, WS_CLOSE_NOT_ALLOWED, "Account not available");
        if (this.online.has(userId)) {
          await this.pool.query("SELECT pg_notify($1, $2)", [channels.presence.name, channels.presence.encode({ userId, isOnline: false })]);
        }
      }
    } catch (error) {
      this.unsynced.add(userId);
      this.logger.warn({ userId, error: (error as Error).message }, "Could not record presence");
    }
  }

  private async revive(): Promise<void> {
    await registerProcess(this.pool, this.processId, this.registry.size);
    for (const userId of this.registry.members()) if (!this.syncs.has(userId)) this.unsynced.add(userId);
  }

  private setOnline(userId: number, isOnline: boolean): void {
    if (isOnline) this.online.add(userId);
    else this.online.delete(userId);
    this.arriving.delete(userId);
    this.onlineJson = undefined;
    const change: UserStatusChangeMessage = { type: "user_status_change", userId, isOnline };
    this.broadcast(JSON.stringify(change));
  }

  /** Sends one text message to every connection here, serialised once. */
  broadcast(text: string): void {
    sendText(this.registry.sockets(), text);
  }

  private control(message: ChannelPayload<typeof channels.presenceControl>): void {
    if (message.type === "disconnect_user") {
      this.closeMember(message.userId, WS_CLOSE_NOT_ALLOWED, "Account not available");
    } else {
      const ended = new Set(message.sessionIds);
      for (const [socket, connection] of this.registry.entries()) {
        if (ended.has(connection.sessionId)) socket.close(WS_CLOSE_SIGNED_OUT, "Signed out");
      }
    }
  }

  private closeMember(userId: number, code: number, reason: string): void {
    for (const socket of this.registry.socketsOf(userId)) socket.close(code, reason);
  }

  /** After (re)connecting the listener: changes may have been missed, so reload and send the difference. */
  private async reload(): Promise<void> {
    try {
      const now = new Set(await loadOnlineMembers(this.pool));
      this.needsReload = false;
      for (const userId of [...this.online]) if (!now.has(userId)) this.setOnline(userId, false);
      for (const userId of now) if (!this.online.has(userId)) this.setOnline(userId, true);
    } catch (error) {
      this.needsReload = true;
      this.logger.warn({ error: (error as Error).message }, "Could not load who is online");
    }
  }

  /** Heartbeat, retries, stale-process sweep and session re-check; never two at once. */
  tick(): Promise<void> {
    this.ticking ??= this.runTick().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async runTick(): Promise<void> {
    if (this.closing) return;
    try {
      if (!(await heartbeat(this.pool, this.processId, this.registry.size))) await this.revive();
      for (const userId of [...this.unsynced]) this.memberChanged(userId);
      const swept = await sweepStaleProcesses(this.pool, this.processId, this.timing.staleAfterMs);
      if (swept.processes > 0) this.logger.info({ processes: swept.processes, offline: swept.changes.length }, "Presence: removed stale server processes");
      if (this.needsReload) await this.reload();
      await this.recheckSessions();
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Presence heartbeat failed");
    }
  }

  /** Closes connections whose session ended (logout elsewhere, password reset, ban, deletion, expiry). */
  private async recheckSessions(): Promise<void> {
    const checked = new Set<string>();
    for (const [, connection] of this.registry.entries()) checked.add(connection.sessionId);
    if (checked.size === 0) return;
    const valid = await validSessions(this.pool, [...checked]);
    for (const [socket, connection] of this.registry.entries()) {
      if (checked.has(connection.sessionId) && !valid.has(connection.sessionId)) socket.close(WS_CLOSE_SIGNED_OUT, "Session ended");
    }
  }

  /**
   * Shutdown: no more syncing; once running syncs finish, this process's rows go and its members
   * are announced offline (unless connected to another process). Call after closing the sockets.
   */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.ticking?.catch(() => {});
    await this.settled();
    try {
      await unregisterProcess(this.pool, this.processId);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Could not remove this process's presence");
    }
    await this.unsubscribe();
  }

  /** Stops as if the process had been killed: no clean-up in the database (tests). */
  async abandonForTest(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.unsubscribe();
  }

  private async unsubscribe(): Promise<void> {
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
  }

  dropListenerForTest(): Promise<void> {
    return this.listener.dropConnectionForTest();
  }
}
