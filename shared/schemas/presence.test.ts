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
});
