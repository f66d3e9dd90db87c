import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { DELETE_TOPIC_FALLBACK, FAILED_TO_DELETE_TOPIC } from "../messages";
import { failureToast } from "../utils/failure-toast";
import { topicQueryKey } from "./get-topic";
import { topicListQueryKey } from "./get-topics";

export interface DeleteTopicResult {
  message: string;
  deletedPosts: number;
}

/** DELETE /api/topics/{id} (admin): the topic and every post in it. */
export async function deleteTopic(topicId: number): Promise<DeleteTopicResult> {
  const response = await apiRequest("DELETE", `/api/topics/${topicId}`);
  return (await response.json()) as DeleteTopicResult;
}

/** Deletes a topic (admins): its cached reads are dropped and the list refreshed. */
export function useDeleteTopic(topicId: number, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTopic(topicId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: topicQueryKey(topicId) });
      void queryClient.invalidateQueries({ queryKey: topicListQueryKey });
      onSuccess?.();
    },
    onError: (error) => failureToast(FAILED_TO_DELETE_TOPIC, error, DELETE_TOPIC_FALLBACK),
  });
}
