import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Message, MessagesPage } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { withMessage, type MessagePages } from "../utils/messages-cache";
import { conversationsQueryKey, messagesQueryKey } from "./conversations-query";

/**
 * GET /api/conversations/{id}/messages?before=: the newest 50 first, then earlier pages on demand
 * ("next" pages here go back in time; messagesInOrder gives them oldest first). Read afresh each
 * time the conversation opens, like useConversation.
 */
export function useMessages(conversationId: number) {
  return useInfiniteQuery({
    queryKey: messagesQueryKey(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiGet<MessagesPage>(`/api/conversations/${conversationId}/messages${pageParam ? `?before=${pageParam}` : ""}`, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasMore ? page.messages[0]?.id : undefined),
    refetchOnMount: "always",
  });
}

/** POST /api/conversations/{id}/messages → 201 the message, shown at once (the /ws copy finds it there). */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (content: string) =>
      (await (await apiRequest("POST", `/api/conversations/${conversationId}/messages`, { content })).json()) as Message,
    onSuccess: (message) => {
      queryClient.setQueryData<MessagePages>(messagesQueryKey(conversationId), (data) => data && withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}

/** DELETE /api/conversations/{id}/messages/{messageId}: the message stays in place as "Message deleted". */
export function useDeleteMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: Message) => apiRequest("DELETE", `/api/conversations/${conversationId}/messages/${message.id}`).then(() => message),
    onSuccess: (message) => {
      const deleted = { ...message, deleted: true, content: "", html: "" };
      queryClient.setQueryData<MessagePages>(messagesQueryKey(conversationId), (data) => data && withMessage(data, deleted));
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}
