import { describe, expect, it, vi } from "vitest";
import type { WsClientMessage } from "@shared/types/presence";
import { LiveTopics } from "./live-topics";

describe("what the open screens follow over /ws", () => {
  it("subscribes once per topic while any screen follows it, and unsubscribes when the last stops", () => {
    const live = new LiveTopics();
    const sent: WsClientMessage[] = [];
    live.attach((message) => sent.push(message));
    const first = live.follow(7);
    const second = live.follow(7);
    const list = live.follow("list");
    first();
    expect(sent).toEqual([
      { type: "subscribe", topics: [7] },
      { type: "subscribe", topics: "list" },
    ]);
    second();
    list();
    expect(sent.slice(2)).toEqual([
      { type: "unsubscribe", topics: [7] },
      { type: "unsubscribe", topics: "list" },
    ]);
  });

  it("follows again on every open, and tells the screens to read again after a reopen only", () => {
    const live = new LiveTopics();
    live.follow(3);
    live.follow("list");
    const reopened = vi.fn();
    live.onReopen(reopened);
    const sent: WsClientMessage[] = [];
    live.attach((message) => sent.push(message));
    expect(reopened).not.toHaveBeenCalled();
    live.detach();
    live.follow(4); // while closed: sent at the next open
    live.attach((message) => sent.push(message));
    expect(sent).toEqual([
      { type: "subscribe", topics: [3] },
      { type: "subscribe", topics: "list" },
      { type: "subscribe", topics: [3, 4] },
      { type: "subscribe", topics: "list" },
    ]);
    expect(reopened).toHaveBeenCalledTimes(1);
  });

  it("says the member is typing at most once each 3 s per topic, and not while closed", () => {
    const live = new LiveTopics();
    const sent: WsClientMessage[] = [];
    live.typing(5, 0);
    live.attach((message) => sent.push(message));
    live.typing(5, 1_000);
    live.typing(5, 3_999);
    live.typing(6, 4_000);
    live.typing(5, 4_000);
    expect(sent).toEqual([
      { type: "typing", topicId: 5 },
      { type: "typing", topicId: 6 },
      { type: "typing", topicId: 5 },
    ]);
  });

  it("hands every message to each listener until it stops listening", () => {
    const live = new LiveTopics();
    const heard = vi.fn();
    const stop = live.listen(heard);
    const message = { type: "typing", topicId: 1, username: "alice" } as const;
    live.deliver(message);
    stop();
    live.deliver(message);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith(message);
  });
});
