import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { UserLinkCreateInput } from "@shared/schemas/bio";
import type { BioSettingsResponse, UserLink } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage } from "@/lib/api-error";
import { bioSettingsQueryKey, publicBioCardQueryKey } from "./query-keys";
import { toast } from "@/lib/toast";
import { FAILED_TO_ADD_LINK, FAILED_TO_DELETE_LINK, LINK_ADDED, LINK_DELETED, LINK_ERROR } from "../messages";

/** POST /api/user/links → 201 the link (at most 50 per member). */
export async function addLink(link: UserLinkCreateInput): Promise<UserLink> {
  const response = await apiRequest("POST", "/api/user/links", link);
  return (await response.json()) as UserLink;
}

/** DELETE /api/user/links/{id} (the owner only). */
export async function deleteLink(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/user/links/${id}`);
}

function setLinks(queryClient: QueryClient, change: (links: UserLink[]) => UserLink[]) {
  queryClient.setQueryData<BioSettingsResponse | null>(bioSettingsQueryKey, (settings) =>
    settings ? { ...settings, userLinks: change(settings.userLinks) } : settings,
  );
}

/** Links change on the server at once: the settings are refreshed and the public card is read afresh. */
async function afterLinksChanged(queryClient: QueryClient, username: string) {
  queryClient.removeQueries({ queryKey: publicBioCardQueryKey(username) });
  await queryClient.invalidateQueries({ queryKey: bioSettingsQueryKey });
}

export function useAddLink(username: string, { onSuccess }: { onSuccess?: (link: UserLink) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLink,
    onSuccess: async (link) => {
      setLinks(queryClient, (links) => [...links.filter((existing) => existing.id !== link.id), link]);
      toast(LINK_ADDED);
      onSuccess?.(link);
      await afterLinksChanged(queryClient, username);
    },
    onError: (error) => toast({ variant: "destructive", title: LINK_ERROR, description: apiErrorMessage(error, FAILED_TO_ADD_LINK) }),
  });
}

export function useDeleteLink(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: async (_result, id) => {
      setLinks(queryClient, (links) => links.filter((link) => link.id !== id));
      toast(LINK_DELETED);
      await afterLinksChanged(queryClient, username);
    },
    onError: (error) => toast({ variant: "destructive", title: LINK_ERROR, description: apiErrorMessage(error, FAILED_TO_DELETE_LINK) }),
  });
}
