import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateGroupInput } from "@shared/schemas/groups";
import type { Group, GroupsResponse } from "@shared/types";
import { apiGet, apiRequest } from "@/lib/api-client";
import { categoriesQueryKey, forumQueryKeyRoot } from "@/lib/query-keys";
import { failureToast, successToast } from "../utils/failure-toast";
import { adminQueryKeyRoot } from "./admin-query-keys";

export const groupsQueryKey = [adminQueryKeyRoot, "groups"] as const;

/** GET /api/admin/groups: every group with its members, `staff` first. */
export function useGroups() {
  return useQuery({ queryKey: groupsQueryKey, queryFn: async ({ signal }) => (await apiGet<GroupsResponse>("/api/admin/groups", signal)).groups });
}

/** After a change: the groups, and the categories and lists (what they open may have changed). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
      queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      queryClient.invalidateQueries({ queryKey: [forumQueryKeyRoot] }),
    ]);
}

const json = async (response: Response) => (await response.json()) as Group;

/** POST /api/admin/groups { name } */
export function useCreateGroup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (fields: CreateGroupInput) => json(await apiRequest("POST", "/api/admin/groups", fields)),
    onSuccess: (group) => {
      successToast("Group created", group.name);
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to create group", error),
    onSettled: refresh,
  });
}

/** PATCH /api/admin/groups/{id} { name } */
export function useRenameGroup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) => json(await apiRequest("PATCH", `/api/admin/groups/${id}`, { name })),
    onSuccess: (group) => {
      successToast("Group renamed", group.name);
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to rename group", error),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/groups/{id} */
export function useDeleteGroup({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => apiRequest("DELETE", `/api/admin/groups/${id}`),
    onSuccess: () => {
      successToast("Group deleted");
      onSuccess?.();
    },
    onError: (error) => failureToast("Failed to delete group", error),
    onSettled: refresh,
  });
}

/** PUT or DELETE /api/admin/groups/{id}/members/{username}: a member in or out. */
export function useGroupMember({ onSuccess }: { onSuccess?: () => void } = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, username, add }: { id: number; username: string; add: boolean }) =>
      json(await apiRequest(add ? "PUT" : "DELETE", `/api/admin/groups/${id}/members/${encodeURIComponent(username)}`)),
    onSuccess: (group, { username, add }) => {
      successToast(add ? "Member added" : "Member removed", `${username} ${add ? "is now in" : "left"} ${group.name}`);
      onSuccess?.();
    },
    onError: (error, { add }) => failureToast(add ? "Failed to add member" : "Failed to remove member", error),
    onSettled: refresh,
  });
}
