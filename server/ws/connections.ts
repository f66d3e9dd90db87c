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

/** This process's open /ws connections, by socket and by member. */
export class ConnectionRegistry {
  private readonly bySocket = new Map<WebSocket, Connection>();
  private readonly byUser = new Map<number, Set<WebSocket>>();

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

  /** Removes a connection; returns its member when it was their last one here. */
  remove(socket: WebSocket): number | undefined {
    const connection = this.bySocket.get(socket);
    if (!connection) return undefined;
    this.bySocket.delete(socket);
    const sockets = this.byUser.get(connection.userId)!;
    sockets.delete(socket);
    if (sockets.size > 0) return undefined;
    this.byUser.delete(connection.userId);
    return connection.userId;
  }

  get(socket: WebSocket): Connection | undefined {
    return this.bySocket.get(socket);
  }

  /** The member's open connections here. */
  countOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
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
