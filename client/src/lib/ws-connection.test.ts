import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WsClientMessage, WsServerMessage } from "@shared/types/presence";
import { presenceStore } from "./presence-store";
import { WS_CLOSE_SIGNED_OUT } from "@shared/constants";
import { connectPresence, presenceSocketUrl } from "./ws-connection";

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.serverClose(code);
  }
  serverOpen() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  serverSend(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) });
  }
  serverClose(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const latest = () => FakeSocket.all.at(-1)!;

describe("presence connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    presenceStore.clear();
  });

  const start = (onSessionEnded = vi.fn()) => {
    const messages: WsServerMessage[] = [];
    const stop = connectPresence({
      userId: 7,
      url: "ws://site/ws",
      onMessage: (message) => {
        messages.push(message);
        presenceStore.apply(message);
      },
      onSessionEnded,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    return { messages, stop, onSessionEnded };
  };

  it("uses wss: on https pages", () => {
    expect(presenceSocketUrl({ protocol: "https:", host: "club.example" })).toBe("wss://club.example/ws");
    expect(presenceSocketUrl({ protocol: "http:", host: "localhost:5000" })).toBe("ws://localhost:5000/ws");
  });

  it("authenticates on open; online_users replaces the set and user_status_change adds or removes one id", () => {
    start();
    latest().serverOpen();
    expect(JSON.parse(latest().sent[0]!)).toMatchObject({ type: "authenticate", userId: 7 });

    latest().serverSend({ type: "online_users", users: [7, 8] });
    expect([...presenceStore.getSnapshot()]).toEqual([7, 8]);
    latest().serverSend({ type: "user_status_change", userId: 9, isOnline: true });
    latest().serverSend({ type: "user_status_change", userId: 8, isOnline: false });
    expect([...presenceStore.getSnapshot()].sort()).toEqual([7, 9]);
    latest().serverSend({ type: "online_users", users: [3] });
    expect([...presenceStore.getSnapshot()]).toEqual([3]);
    // Anything else is ignored.
    latest().serverSend("{nope");
    latest().serverSend({ type: "online_users", users: ["x"] });
    expect([...presenceStore.getSnapshot()]).toEqual([3]);
  });

  it("passes on notifications read, topic events, typing, the review count and refusals, and drops them malformed", () => {
    const { messages } = start();
    latest().serverOpen();
    const passed = [
      { type: "notifications_read", unreadCount: 3 },
      { type: "topic_event", topicId: 12, event: "post_created", postId: 4, lastPostNumber: 2 },
      { type: "typing", topicId: 12, username: "ann" },
      { type: "review_count", pendingCount: 1 },
      { type: "error", message: "A connection follows at most 5 topics at once" },
    ];
    for (const message of passed) latest().serverSend(message);
    latest().serverSend({ type: "notifications_read", unreadCount: "3" });
    latest().serverSend({ type: "topic_event", topicId: 12, event: "post_created" });
    latest().serverSend({ type: "typing", topicId: 12 });
    latest().serverSend({ type: "review_count" });
    latest().serverSend({ type: "topic_deleted", topicId: 12 });
    expect(messages).toEqual(passed);
  });

  it("hands a sender to onOpen on every open, which sends only while that socket is open, and says when it closed", () => {
    const opened: Array<(message: WsClientMessage) => void> = [];
    const onClosed = vi.fn();
    connectPresence({ userId: 7, url: "ws://site/ws", onMessage: () => {}, onOpen: (send) => opened.push(send), onClosed, WebSocketImpl: FakeSocket as unknown as typeof WebSocket });
    latest().serverOpen();
    opened[0]!({ type: "subscribe", topics: [3] });
    const first = latest();
    first.serverClose(1006);
    expect(onClosed).toHaveBeenCalledTimes(1);
    opened[0]!({ type: "subscribe", topics: [4] }); // the closed socket: nothing sent
    vi.advanceTimersByTime(3_000);
    latest().serverOpen();
    expect(opened).toHaveLength(2);
    expect(first.sent.slice(1)).toEqual([JSON.stringify({ type: "subscribe", topics: [3] })]);
  });

  it("passes on new private messages, and drops them malformed", () => {
    const { messages } = start();
    latest().serverOpen();
    const message = { id: 5, author: { id: 2, username: "ann", avatar: null }, content: "Hi", html: "<p>Hi</p>", createdAt: "2026-11-26T00:00:00.000Z", deleted: false };
    latest().serverSend({ type: "message", conversationId: 7, message });
    latest().serverSend({ type: "message", conversationId: "7", message });
    latest().serverSend({ type: "message", conversationId: 7, message: null });
    latest().serverSend({ type: "message", conversationId: 7, message: { ...message, html: undefined } });
    expect(messages).toEqual([{ type: "message", conversationId: 7, message }]);
  });

  it("passes on a conversation read elsewhere, and drops it malformed", () => {
    const { messages } = start();
    latest().serverOpen();
    latest().serverSend({ type: "conversation_read", conversationId: 7, lastReadMessageId: 9 });
    latest().serverSend({ type: "conversation_read", conversationId: 7 });
    latest().serverSend({ type: "conversation_read", conversationId: "7", lastReadMessageId: 9 });
    expect(messages).toEqual([{ type: "conversation_read", conversationId: 7, lastReadMessageId: 9 }]);
  });

  it("reconnects 3 s after a close while running, and stops for good when stopped", () => {
    const { stop, onSessionEnded } = start();
    latest().serverOpen();
    latest().serverClose(1006);
    vi.advanceTimersByTime(2_999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();

    latest().serverOpen();
    latest().serverClose(WS_CLOSE_SIGNED_OUT);
    expect(onSessionEnded).toHaveBeenCalledOnce();

    stop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it("closes the open socket when stopped", () => {
    const { stop } = start();
    latest().serverOpen();
    stop();
    expect(latest().closedWith).toBe(1000);
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
