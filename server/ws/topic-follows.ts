import type { WebSocket } from "ws";
import { WS_MAX_FOLLOWED_TOPICS } from "@shared/constants";

/**
 * What this process's sockets follow (docs/product.md "Live topics"): topics by id, at most
 * WS_MAX_FOLLOWED_TOPICS a socket, and the topic list. Kept only for sockets that follow something,
 * so an idle socket costs nothing here.
 */
export class TopicFollows {
  private readonly byTopic = new Map<number, Set<WebSocket>>();
  private readonly bySocket = new Map<WebSocket, Set<number>>();
  private readonly list = new Set<WebSocket>();

  /** Follows the topics or the list; false (nothing changed) when it would pass the per-socket limit. */
  follow(socket: WebSocket, topics: number[] | "list"): boolean {
    if (topics === "list") {
      this.list.add(socket);
      return true;
    }
    const followed = this.bySocket.get(socket) ?? new Set<number>();
    const added = topics.filter((id) => !followed.has(id));
    if (followed.size + new Set(added).size > WS_MAX_FOLLOWED_TOPICS) return false;
    for (const id of added) {
      followed.add(id);
      let sockets = this.byTopic.get(id);
      if (!sockets) this.byTopic.set(id, (sockets = new Set()));
      sockets.add(socket);
    }
    if (followed.size > 0) this.bySocket.set(socket, followed);
    return true;
  }

  unfollow(socket: WebSocket, topics: number[] | "list"): void {
    if (topics === "list") {
      this.list.delete(socket);
      return;
    }
    const followed = this.bySocket.get(socket);
    if (!followed) return;
    for (const id of topics) {
      if (!followed.delete(id)) continue;
      const sockets = this.byTopic.get(id)!;
      sockets.delete(socket);
      if (sockets.size === 0) this.byTopic.delete(id);
    }
    if (followed.size === 0) this.bySocket.delete(socket);
  }

  /** Forgets a closed socket. */
  drop(socket: WebSocket): void {
    const followed = this.bySocket.get(socket);
    if (followed) this.unfollow(socket, [...followed]);
    this.list.delete(socket);
  }

  follows(socket: WebSocket, topicId: number): boolean {
    return this.bySocket.get(socket)?.has(topicId) ?? false;
  }

  followersOf(topicId: number): ReadonlySet<WebSocket> {
    return this.byTopic.get(topicId) ?? EMPTY;
  }

  listFollowers(): ReadonlySet<WebSocket> {
    return this.list;
  }
}

const EMPTY: ReadonlySet<WebSocket> = new Set();
