import { describe, expect, it } from "vitest";
import type { Message } from "@shared/types";
import { messagesInOrder, withMessage, type MessagePages } from "./messages-cache";

const message = (id: number, content = `m${id}`): Message => ({
  id,
  author: { id: 1, username: "ann", avatar: null, role: "member" },
  content,
  html: `<p>${content}</p>`,
  createdAt: "2026-11-26T00:00:00.000Z",
  deleted: false,
  viewerFlagged: false,
});
// The newest page first, as useMessages keeps them: 4-5 loaded first, then 1-3 ("load earlier").
const pages: MessagePages = {
  pages: [
    { messages: [message(4), message(5)], hasMore: true },
    { messages: [message(1), message(2), message(3)], hasMore: false },
  ],
  pageParams: [undefined, 4],
};

describe("the messages cache", () => {
  it("lists the loaded messages oldest first", () => {
    expect(messagesInOrder(pages).map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(messagesInOrder(undefined)).toEqual([]);
  });

  it("adds a new message at the end, in id order", () => {
    expect(messagesInOrder(withMessage(pages, message(7))).map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(messagesInOrder(withMessage(withMessage(pages, message(7)), message(6))).map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("replaces a message it holds (a deletion, or the /ws copy of one already shown) where it is", () => {
    const deleted = { ...message(2), deleted: true, content: "", html: "" };
    const updated = withMessage(pages, deleted);
    expect(messagesInOrder(updated).map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(messagesInOrder(updated)[1]).toEqual(deleted);
    expect(messagesInOrder(withMessage(pages, message(5)))).toHaveLength(5);
  });

  it("starts a page when none is loaded", () => {
    expect(messagesInOrder(withMessage({ pages: [], pageParams: [] }, message(1))).map((item) => item.id)).toEqual([1]);
  });
});
