import { describe, expect, it } from "vitest";
import { wsClientMessageSchema } from "./presence";

describe("wsClientMessageSchema", () => {
  it("parses an authenticate message, tolerating extra fields", () => {
    const message = wsClientMessageSchema.parse({ type: "authenticate", userId: 3, sessionId: "x" });
    expect(message).toMatchObject({ type: "authenticate", userId: 3 });
  });

  it("rejects unknown types and bad ids", () => {
    expect(wsClientMessageSchema.safeParse({ type: "broadcast", userId: 3 }).success).toBe(false);
    expect(wsClientMessageSchema.safeParse({ type: "authenticate", userId: "3" }).success).toBe(false);
  });

  it("parses follows of topics or the list, at most five topics at once", () => {
    expect(wsClientMessageSchema.parse({ type: "subscribe", topics: [1, 2] })).toEqual({ type: "subscribe", topics: [1, 2] });
    expect(wsClientMessageSchema.parse({ type: "unsubscribe", topics: "list" })).toEqual({ type: "unsubscribe", topics: "list" });
    expect(wsClientMessageSchema.safeParse({ type: "subscribe", topics: [1, 2, 3, 4, 5, 6] }).success).toBe(false);
    expect(wsClientMessageSchema.safeParse({ type: "subscribe", topics: [] }).success).toBe(false);
    expect(wsClientMessageSchema.safeParse({ type: "subscribe", topics: ["1"] }).success).toBe(false);
    expect(wsClientMessageSchema.safeParse({ type: "subscribe", topics: "all" }).success).toBe(false);
  });

  it("parses typing in a topic", () => {
    expect(wsClientMessageSchema.parse({ type: "typing", topicId: 4 })).toEqual({ type: "typing", topicId: 4 });
    expect(wsClientMessageSchema.safeParse({ type: "typing", topicId: 0 }).success).toBe(false);
  });
});
