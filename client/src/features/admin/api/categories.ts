import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateCategoryInput, UpdateCategoryInput } from "@shared/schemas/categories";
import type { Category } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { categoriesQueryKey, forumQueryKeyRoot } from "@/lib/query-keys";
import { failureToast, successToast } from "../utils/failure-toast";

/** After any change: the categories and every topic list and topic (their chips) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      queryClient.invalidateQueries({ queryKey: [forumQueryKeyRoot] }),
    ]);
}

/** POST /api/admin/categories → 201 with the category. */
export function useCreateCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (fields: CreateCategoryInput) => (await (await apiRequest("POST", "/api/admin/categories", fields)).json()) as Category,
    onSuccess: (category) => {
      successToast("Category created", category.name);
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to create category", error),
    onSettled: refresh,
  });
}

/**
 * PATCH /api/admin/categories/{id}: name, description, colour or position. An edit toasts
 * 'Category updated'; a move up or down does not (the list shows the new order).
 */
export function useUpdateCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, ...changes }: UpdateCategoryInput & { id: number }) =>
      (await (await apiRequest("PATCH", `/api/admin/categories/${id}`, changes)).json()) as Category,
    onSuccess: (category, { position }) => {
      if (position === undefined) successToast("Category updated", category.name);
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to update category", error),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/categories/{id} { moveTo }: its topics go to `moveTo`, then it is deleted. */
export function useDeleteCategory({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo: number }) => apiRequest("DELETE", `/api/admin/categories/${id}`, { moveTo }),
    onSuccess: () => {
      successToast("Category deleted", "Its topics were moved.");
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to delete category", error),
    onSettled: refresh,
  });
}
