import type { QueryClient } from "@tanstack/react-query";
import type { MessageEvent as NewMessageEvent } from "@shared/types";
import { withMessage, type MessagePages } from "../utils/messages-cache";
import { conversationsQueryKey, messagesQueryKey } from "./conversations-query";

/**
 * A message from /ws: an open conversation shows it at once; the list and the navigation's count
 * are read again (a conversation the member has never loaded may be new to them).
 */
export function applyMessageEvent(queryClient: QueryClient, event: NewMessageEvent): void {
  queryClient.setQueryData<MessagePages>(messagesQueryKey(event.conversationId), (data) => data && withMessage(data, event.message));
  void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
}
