import type pg from "pg";
import type { WebSocket } from "ws";
import { drizzle } from "drizzle-orm/node-postgres";
import { TOPIC_EVENTS, TYPING_RELAY_INTERVAL_MS } from "@shared/constants";
import type { TopicEventMessage, TypingNoticeMessage } from "@shared/types/presence";
import type { Logger } from "../logger";
import type { Listener } from "../db/listener";
import { channels, listen, publish, type ChannelPayload } from "../events/channels";
import { blockersAmong } from "../queries/blocks";
import { membersWhoRead, topicsReadBy } from "../queries/category-access";
import { findTypingMember } from "../queries/typing-member";
import { canAnnounceTyping } from "../policies/typing";
import type { ConnectionRegistry } from "./connections";
import { sendText } from "./send-text";
import type { TopicFollows } from "./topic-follows";

type TopicEvent = ChannelPayload<typeof channels.topicEvents>;
type Typing = ChannelPayload<typeof channels.typing>;

const TOPIC_PAGE_EVENTS: ReadonlySet<string> = new Set(TOPIC_EVENTS);

/**
 * Live topics (docs/product.md "Live topics"): passes each topic event, from whichever process made
 * the change, to the sockets here that follow the topic (a new post bumps it in the list, to the
 * sockets following the list), and a member's typing to the topic's other followers who have not
 * blocked them. Events carry ids only: what a follower may see is decided when it asks for the content
 * (docs/decisions/055-live-topics.md).
 */
export class TopicRelay {
  private readonly db;
  /** When each member's typing was last passed on, to let through at most one each TYPING_RELAY_INTERVAL_MS. */
  private readonly typedAt = new Map<number, number>();
  private readonly stops: Array<() => Promise<void>> = [];

  constructor(
    pool: pg.Pool,
    private readonly listener: Listener,
    private readonly registry: ConnectionRegistry,
    private readonly follows: TopicFollows,
    private readonly logger: Logger,
  ) {
    this.db = drizzle(pool);
  }

  async start(): Promise<void> {
    this.stops.push(await listen(this.listener, channels.topicEvents, { notify: (event) => this.deliver(event) }));
    this.stops.push(await listen(this.listener, channels.typing, { notify: (typing) => void this.deliverTyping(typing) }));
  }

  async close(): Promise<void> {
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
  }

  /**
   * A socket asks to follow topics or the list: only the topics its member may read are followed
   * (docs/decisions/063); the others are refused with an error, as topics that do not exist.
   * False when it would pass the per-socket limit.
   */
  async subscribe(socket: WebSocket, userId: number, topics: number[] | "list"): Promise<{ withinLimit: boolean; refused: number[] }> {
    if (topics === "list") return { withinLimit: this.follows.follow(socket, topics), refused: [] };
    const readable = await topicsReadBy(this.db, userId, topics);
    const allowed = topics.filter((id) => readable.has(id));
    return { withinLimit: allowed.length === 0 || this.follows.follow(socket, allowed), refused: topics.filter((id) => !readable.has(id)) };
  }

  /** A member's socket says they are typing in a topic it follows: announced to every process, unless too soon or not allowed. */
  async typing(socket: WebSocket, userId: number, topicId: number): Promise<void> {
    if (!this.follows.follows(socket, topicId)) return;
    const now = Date.now();
    if (now - (this.typedAt.get(userId) ?? 0) < TYPING_RELAY_INTERVAL_MS) return;
    this.typedAt.set(userId, now);
    this.forgetOldTyping(now);
    try {
      const member = await findTypingMember(this.db, userId);
      if (!member || !canAnnounceTyping(member)) return;
      await publish(this.db, channels.typing, { topicId, userId, username: member.username });
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Could not announce typing");
    }
  }

  private deliver({ topicId, event, postId, lastPostNumber }: TopicEvent): void {
    const message = (name: TopicEvent["event"]) => JSON.stringify({ type: "topic_event", topicId, event: name, ...(postId === undefined ? {} : { postId }), lastPostNumber } satisfies TopicEventMessage);
    if (TOPIC_PAGE_EVENTS.has(event)) sendText(this.follows.followersOf(topicId), message(event));
    if (event === "post_created") void this.deliverToList(topicId, message("topic_bumped"));
    if (event === "topic_created") void this.deliverToList(topicId, message("topic_created"));
  }

  /** A list event goes only to the sockets whose member may read its topic (docs/decisions/063). */
  private async deliverToList(topicId: number, text: string): Promise<void> {
    const followers = [...this.follows.listFollowers()];
    if (followers.length === 0) return;
    try {
      const members = new Map(followers.flatMap((socket) => { const connection = this.registry.get(socket); return connection ? [[socket, connection.userId] as const] : []; }));
      const readers = await membersWhoRead(this.db, topicId, [...new Set(members.values())]);
      sendText([...members].filter(([, member]) => readers.has(member)).map(([socket]) => socket), text);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Could not deliver a list event");
    }
  }

  private async deliverTyping({ topicId, userId, username }: Typing): Promise<void> {
    const recipients = new Map<WebSocket, number>();
    for (const socket of this.follows.followersOf(topicId)) {
      const connection = this.registry.get(socket);
      if (connection && connection.userId !== userId) recipients.set(socket, connection.userId);
    }
    if (recipients.size === 0) return;
    try {
      const blockers = await blockersAmong(this.db, userId, [...new Set(recipients.values())]);
      const text = JSON.stringify({ type: "typing", topicId, username } satisfies TypingNoticeMessage);
      sendText([...recipients].filter(([, member]) => !blockers.has(member)).map(([socket]) => socket), text);
    } catch (error) {
      this.logger.warn({ error: (error as Error).message }, "Could not deliver typing");
    }
  }

  /** Keeps the map to members who typed lately. */
  private forgetOldTyping(now: number): void {
    if (this.typedAt.size < 1_000) return;
    for (const [member, at] of this.typedAt) if (now - at >= TYPING_RELAY_INTERVAL_MS) this.typedAt.delete(member);
  }
}
