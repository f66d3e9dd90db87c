import type { InfiniteData } from "@tanstack/react-query";
import type { Message, MessagesPage } from "@shared/types";

/** The cached pages of a conversation: newest page first, each page oldest first (useMessages). */
export type MessagePages = InfiniteData<MessagesPage, number | undefined>;

/** Every loaded message, oldest first. */
export function messagesInOrder(data: InfiniteData<MessagesPage, unknown> | undefined): Message[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.messages) : [];
}

/**
 * The pages with `message` in them: replacing the one with its id wherever it is (a deletion, or
 * the /ws copy of a message already shown), else added at the end of the newest page, in id order.
 */
export function withMessage(data: MessagePages, message: Message): MessagePages {
  if (data.pages.some((page) => page.messages.some((item) => item.id === message.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map((item) => (item.id === message.id ? message : item)) })) };
  }
  const [newest, ...rest] = data.pages;
  if (!newest) return { pages: [{ messages: [message], hasMore: false }], pageParams: [undefined] };
  const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
  return { ...data, pages: [{ ...newest, messages }, ...rest] };
}
