import type { QueryClient } from "@tanstack/react-query";
import type { ConversationReadEvent, MessageEvent as NewMessageEvent } from "@shared/types";
import { withMessage, type MessagePages } from "../utils/messages-cache";
import { conversationQueryKey, conversationsQueryKey, messagesQueryKey } from "./conversations-query";

/**
 * A message from /ws: an open conversation shows it at once; the list and the navigation's count
 * are read again (a conversation the member has never loaded may be new to them).
 */
export function applyMessageEvent(queryClient: QueryClient, event: NewMessageEvent): void {
  queryClient.setQueryData<MessagePages>(messagesQueryKey(event.conversationId), (data) => data && withMessage(data, event.message));
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
}

/** The member read a conversation (here or on another device): its unread count and the navigation's are read again. */
export function applyConversationRead(queryClient: QueryClient, event: ConversationReadEvent): void {
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
  void queryClient.invalidateQueries({ queryKey: conversationQueryKey(event.conversationId), exact: true });
}
