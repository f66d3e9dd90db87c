import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { TOPIC_EVENTS, TOPIC_LIST_EVENTS } from "@shared/constants";
import type { Listener, Subscriber } from "../db/listener";

/**
 * Every NOTIFY channel the server processes share, with the shape of its payload: the one place a
 * publisher (a command, a trigger of a migration) and a subscriber (a cache, a /ws relay) meet, so
 * neither imports the other (docs/decisions/053). PostgreSQL delivers a notification at commit, to
 * every process listening, in commit order; a payload stays under 8,000 bytes, so it names what
 * changed (ids) and never carries text a member may not see.
 */
export interface Channel<Payload> {
  readonly name: string;
  encode(payload: Payload): string;
  /** Throws when the text is not a payload of this channel. */
  decode(text: string): Payload;
}

function textChannel<Schema extends z.ZodType<string>>(name: string, schema: Schema): Channel<z.output<Schema>> {
  return { name, encode: (payload) => schema.parse(payload), decode: (text) => schema.parse(text) };
}

function jsonChannel<Schema extends z.ZodType>(name: string, schema: Schema): Channel<z.output<Schema>> {
  return { name, encode: (payload) => JSON.stringify(schema.parse(payload)), decode: (text) => schema.parse(JSON.parse(text)) };
}

const id = z.number().int().positive();

export const channels = {
  /** A member's identity or sessions changed (commands, and the triggers of migrations 0014/0018): `u<id>`, `s<session id>`, or `*`. */
  identityChanged: textChannel("identity_changed", z.string().regex(/^(u\d+|s.+|\*)$/)),
  /** What a public card shows changed (the triggers of migration 0033): `u<owner id>`, or `*` (a table emptied). */
  cardChanged: textChannel("card_changed", z.string().regex(/^(u\d+|\*)$/)),
  /** A card's views count, after a batch changed it alone (the trigger of migration 0048): `<card id>:<views>`. */
  cardViews: textChannel("card_views", z.string().regex(/^\d+:\d+$/)),
  /** The forum's shared data changed: the cache tags it touches, space-separated (server/cache/forum-changes.ts). */
  forumChanged: textChannel("forum_changed", z.string().regex(/^\S+( \S+)*$/)),
  /** Someone blocked or unblocked someone (the trigger of migration 0018): no payload. */
  memberBlocksChanged: textChannel("member_blocks_changed", z.literal("")),
  /** A member came online or went offline, in whichever process holds their connections. */
  presence: jsonChannel("presence", z.object({ userId: id, isOnline: z.boolean() })),
  /** Close some /ws connections, whichever process holds them: a ban, a deletion, a sign-out. */
  presenceControl: jsonChannel(
    "presence_control",
    z.discriminatedUnion("type", [
      z.object({ type: z.literal("disconnect_user"), userId: id }),
      z.object({ type: z.literal("disconnect_sessions"), sessionIds: z.array(z.string()).max(100) }),
    ]),
  ),
  /**
   * Something changed in a topic (commands/topic-events.ts): passed on over /ws to the sockets that
   * follow it, or the list (ws/topic-relay.ts). `lastPostNumber`: its last post's number after it.
   */
  topicEvents: jsonChannel(
    "topic_events",
    z.object({ topicId: id, event: z.enum([...TOPIC_EVENTS, ...TOPIC_LIST_EVENTS]), postId: id.optional(), lastPostNumber: z.number().int().nonnegative() }),
  ),
  /** A member (who may post) is writing in a topic: passed on to its followers who have not blocked them. */
  typing: jsonChannel("typing", z.object({ topicId: id, userId: id, username: z.string().min(1) })),
  /** The watched words changed (commands/watched-words.ts): no payload, every process compiles the list again. */
  watchedWordsChanged: textChannel("watched_words_changed", z.literal("")),
  /** The review queue's pending count changed: no payload, each staff socket reads the count. */
  reviewCount: textChannel("review_count", z.literal("")),
  /** A private message was sent to these members, or a member read a conversation up to a message. */
  messages: jsonChannel(
    "messages",
    z.union([
      z.object({ conversationId: id, messageId: id, userIds: z.array(id) }),
      z.object({ conversationId: id, readerId: id, lastReadMessageId: z.number().int().nonnegative() }),
    ]),
  ),
  /** A member's notification was made or changed (`id`), or some were read or withdrawn (no `id`). */
  notifications: jsonChannel("notifications", z.object({ userId: id, id: id.optional() })),
} as const;

export type ChannelPayload<C> = C extends Channel<infer Payload> ? Payload : never;

/** Anything that can run SQL: the Drizzle database or a transaction (then it is delivered at commit). */
type Executor = Pick<Db, "execute">;

/**
 * Announces `payload` on `channel`, checked against its shape. A statement that announces each row it
 * writes builds the payload in SQL (`SELECT pg_notify(${channel.name}, json_build_object(…)::text)`);
 * its subscribers check it all the same.
 */
export async function publish<Payload>(db: Executor, channel: Channel<Payload>, payload: Payload): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${channel.name}, ${channel.encode(payload)})`);
}

/** What a subscriber of a channel is told: its payloads decoded and checked. */
export type ChannelSubscriber<Payload> = Omit<Subscriber, "notify"> & { notify(payload: Payload): void };

/**
 * Hands `channel`'s payloads to `subscriber` through the process's one LISTEN connection; a
 * notification that is not a payload of the channel is logged by the listener and dropped.
 */
export function listen<Payload>(listener: Listener, channel: Channel<Payload>, subscriber: ChannelSubscriber<Payload>): ReturnType<Listener["subscribe"]> {
  return listener.subscribe(channel.name, {
    notify: (text) => subscriber.notify(channel.decode(text)),
    // Called on the subscriber, which may be a class instance.
    listening: () => subscriber.listening?.(),
    lost: () => subscriber.lost?.(),
  });
}
