import { TYPING_RELAY_INTERVAL_MS } from "@shared/constants";
import type { TopicEventMessage, TypingNoticeMessage, WsClientMessage } from "@shared/types/presence";

export type LiveTopicMessage = TopicEventMessage | TypingNoticeMessage;
type Followed = number | "list";
type Send = (message: WsClientMessage) => void;

/**
 * What the open screens follow over /ws (docs/product.md "Live topics"): a topic page its topic,
 * the topic list "list". Screens follow and hear messages here; the app's /ws connection attaches
 * its socket, and on every (re)open the follows are sent again. After a reopen, screens are told to
 * refetch what they show: what changed while the socket was down was not heard.
 */
export class LiveTopics {
  private send: Send | undefined;
  private readonly follows = new Map<Followed, number>();
  private readonly listeners = new Set<(message: LiveTopicMessage) => void>();
  private readonly reopenListeners = new Set<() => void>();
  private openedBefore = false;
  private typedAt = new Map<number, number>();

  /** The socket opened: follow again what the screens follow. */
  attach(send: Send): void {
    this.send = send;
    const topics = [...this.follows.keys()].filter((followed): followed is number => followed !== "list");
    if (topics.length > 0) send({ type: "subscribe", topics });
    if (this.follows.has("list")) send({ type: "subscribe", topics: "list" });
    if (this.openedBefore) for (const listener of this.reopenListeners) listener();
    this.openedBefore = true;
  }

  detach(): void {
    this.send = undefined;
  }

  /** Follows a topic or the list while the caller shows it; returns the unfollow. Counted: two screens may follow one topic. */
  follow(followed: Followed): () => void {
    const count = this.follows.get(followed) ?? 0;
    this.follows.set(followed, count + 1);
    if (count === 0) this.send?.({ type: "subscribe", topics: followed === "list" ? "list" : [followed] });
    return () => {
      const left = (this.follows.get(followed) ?? 1) - 1;
      if (left > 0) return void this.follows.set(followed, left);
      this.follows.delete(followed);
      this.send?.({ type: "unsubscribe", topics: followed === "list" ? "list" : [followed] });
    };
  }

  /** The member is typing a reply in the topic: told at most once each TYPING_RELAY_INTERVAL_MS (the server relays no more). */
  typing(topicId: number, now = Date.now()): void {
    if (!this.send || now - (this.typedAt.get(topicId) ?? -Infinity) < TYPING_RELAY_INTERVAL_MS) return;
    this.typedAt.set(topicId, now);
    this.send({ type: "typing", topicId });
  }

  listen(listener: (message: LiveTopicMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called after the socket opened again: refetch what is shown. */
  onReopen(listener: () => void): () => void {
    this.reopenListeners.add(listener);
    return () => this.reopenListeners.delete(listener);
  }

  deliver(message: LiveTopicMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  /** Signed out: nothing followed is kept for the next member. */
  reset(): void {
    this.send = undefined;
    this.openedBefore = false;
    this.typedAt = new Map();
  }
}

export const liveTopics = new LiveTopics();
