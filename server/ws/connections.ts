import type { WebSocket } from "ws";

/** What the server keeps about one open /ws connection (kept small: there may be 10,000s). */
export interface Connection {
  userId: number;
  /** The express-session id it was opened with, so logout and session checks can close it. */
  sessionId: string;
  /** Answered the last ping (or opened since). */
  alive: boolean;
  /** Messages received in the current flood window, and when that window started. */
  messages: number;
  windowStartedAt: number;
}

/** This process's open /ws connections, by socket and by member, and the upgrades admitted but not yet open. */
export class ConnectionRegistry {
  private readonly bySocket = new Map<WebSocket, Connection>();
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly reserved = new Map<number, number>();

  get size(): number {
    return this.bySocket.size;
  }

  /** Adds a connection; true when it is the member's first one here. */
  add(socket: WebSocket, connection: Connection): boolean {
    this.bySocket.set(socket, connection);
    const sockets = this.byUser.get(connection.userId);
    if (sockets) {
      sockets.add(socket);
      return false;
    }
    this.byUser.set(connection.userId, new Set([socket]));
    return true;
  }

  remove(socket: WebSocket): void {
    const connection = this.bySocket.get(socket);
    if (!connection) return;
    this.bySocket.delete(socket);
    const sockets = this.byUser.get(connection.userId)!;
    sockets.delete(socket);
    if (sockets.size === 0) this.byUser.delete(connection.userId);
  }

  get(socket: WebSocket): Connection | undefined {
    return this.bySocket.get(socket);
  }

  /** The member's sockets here, open or admitted (what the per-member cap counts). */
  slotsOf(userId: number): number {
    return (this.byUser.get(userId)?.size ?? 0) + (this.reserved.get(userId) ?? 0);
  }

  /** Holds a slot for an admitted upgrade until its socket is added (then `release` it) or it fails. */
  reserve(userId: number): void {
    this.reserved.set(userId, (this.reserved.get(userId) ?? 0) + 1);
  }

  release(userId: number): void {
    const left = (this.reserved.get(userId) ?? 0) - 1;
    if (left > 0) this.reserved.set(userId, left);
    else this.reserved.delete(userId);
  }

  hasMember(userId: number): boolean {
    return this.byUser.has(userId);
  }

  members(): IterableIterator<number> {
    return this.byUser.keys();
  }

  socketsOf(userId: number): WebSocket[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  entries(): IterableIterator<[WebSocket, Connection]> {
    return this.bySocket.entries();
  }

  sockets(): IterableIterator<WebSocket> {
    return this.bySocket.keys();
  }
}
