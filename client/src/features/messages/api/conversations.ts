import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateConversationData } from "@shared/schemas/conversations";
import type { Conversation } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { conversationQueryKey, conversationsQueryKey, conversationsQueryOptions } from "./conversations-query";

/** The member's conversations, a page at a time as the list scrolls. */
export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions);
}

/**
 * GET /api/conversations/{id}: one conversation (404 for anyone not in it). Read afresh each time it
 * opens (shown from the cache meanwhile): /ws keeps it current only while the socket is up.
 */
export function useConversation(id: number) {
  return useQuery({
    queryKey: conversationQueryKey(id),
    queryFn: ({ signal }) => apiGet<Conversation>(`/api/conversations/${id}`, signal),
    refetchOnMount: "always",
  });
}

/** POST /api/conversations → 201 the conversation; the list is read again. */
export function useCreateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: CreateConversationData) => (await (await apiRequest("POST", "/api/conversations", data)).json()) as Conversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQueryKey(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}

/** POST /api/conversations/{id}/participants: any participant adds one more (up to 10 in all). */
export function useAddParticipant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => apiRequest("POST", `/api/conversations/${id}/participants`, { username }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: conversationQueryKey(id), exact: true });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}

/** DELETE /api/conversations/{id}/participants/me: the member leaves; the conversation is gone for them. */
export function useLeaveConversation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", `/api/conversations/${id}/participants/me`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: conversationQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
    },
  });
}
