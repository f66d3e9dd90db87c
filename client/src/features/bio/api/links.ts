import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { UserLinkCreateInput, UserLinkUpdateInput } from "@shared/schemas/bio";
import type { BioSettingsResponse, UserLink, ValidationIssue } from "@shared/types";
import { apiRequest } from "@/lib/api-client";
import { apiErrorMessage, apiValidationIssues } from "@/lib/api-error";
import { bioSettingsQueryKey } from "./query-keys";
import { toast } from "@/lib/toast";
import {
  FAILED_TO_ADD_LINK,
  FAILED_TO_DELETE_LINK,
  FAILED_TO_REORDER_LINKS,
  FAILED_TO_UPDATE_LINK,
  LINK_ADDED,
  LINK_DELETED,
  LINK_ERROR,
  LINK_UPDATED,
} from "../messages";

/** POST /api/user/links → 201 the link (at most 50 per member). */
export async function addLink(link: UserLinkCreateInput): Promise<UserLink> {
  const response = await apiRequest("POST", "/api/user/links", link);
  return (await response.json()) as UserLink;
}

/** DELETE /api/user/links/{id} (the owner only). */
export async function deleteLink(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/user/links/${id}`);
}

/** PATCH /api/user/links/{id} → the link (the owner only; the rules of creating one). */
export async function updateLink({ id, changes }: { id: number; changes: UserLinkUpdateInput }): Promise<UserLink> {
  const response = await apiRequest("PATCH", `/api/user/links/${id}`, changes);
  return (await response.json()) as UserLink;
}

/** PUT /api/user/links/order → the links in their new order (every one of the member's ids, once). */
export async function reorderLinks(ids: number[]): Promise<UserLink[]> {
  const response = await apiRequest("PUT", "/api/user/links/order", { ids });
  return (await response.json()) as UserLink[];
}

/** The link form's fields that say the server's refusal of them under themselves. */
type LinkFormField = "title" | "url";
const isLinkFormField = (path: string): path is LinkFormField => path === "title" || path === "url";

/** The server's refusals of a link's title or URL (a 400's `errors`), which the link form says under those fields. */
export function linkFieldIssues(error: unknown): (ValidationIssue & { path: LinkFormField })[] {
  return apiValidationIssues(error).filter((issue): issue is ValidationIssue & { path: LinkFormField } => isLinkFormField(issue.path));
}

/**
 * An add's or an edit's failure as an 'Error' toast, unless all of it is said under the form's
 * fields; a refusal of other fields besides is the toast, with its own message.
 */
function toastLinkError(error: unknown, fallback: string) {
  const issues = apiValidationIssues(error);
  const elsewhere = issues.filter((issue) => !isLinkFormField(issue.path));
  if (issues.length > 0 && elsewhere.length === 0) return;
  toast({ variant: "destructive", title: LINK_ERROR, description: elsewhere[0]?.message ?? apiErrorMessage(error, fallback) });
}

function setLinks(queryClient: QueryClient, change: (links: UserLink[]) => UserLink[]) {
  queryClient.setQueryData<BioSettingsResponse | null>(bioSettingsQueryKey, (settings) =>
    settings ? { ...settings, userLinks: change(settings.userLinks) } : settings,
  );
}

/** Links change on the server at once: the settings are refreshed. */
async function afterLinksChanged(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: bioSettingsQueryKey });
}

export function useAddLink({ onSuccess }: { onSuccess?: (link: UserLink) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLink,
    onSuccess: async (link) => {
      setLinks(queryClient, (links) => [...links.filter((existing) => existing.id !== link.id), link]);
      toast(LINK_ADDED);
      onSuccess?.(link);
      await afterLinksChanged(queryClient);
    },
    onError: (error) => toastLinkError(error, FAILED_TO_ADD_LINK),
  });
}

export function useDeleteLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLink,
    onSuccess: async (_result, id) => {
      setLinks(queryClient, (links) => links.filter((link) => link.id !== id));
      toast(LINK_DELETED);
      await afterLinksChanged(queryClient);
    },
    onError: (error) => toast({ variant: "destructive", title: LINK_ERROR, description: apiErrorMessage(error, FAILED_TO_DELETE_LINK) }),
  });
}

export function useUpdateLink({ onSuccess }: { onSuccess?: (link: UserLink) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLink,
    onSuccess: async (link) => {
      setLinks(queryClient, (links) => links.map((existing) => (existing.id === link.id ? link : existing)));
      toast(LINK_UPDATED);
      onSuccess?.(link);
      await afterLinksChanged(queryClient);
    },
    onError: (error) => toastLinkError(error, FAILED_TO_UPDATE_LINK),
  });
}

/**
 * Reorders at once in the settings cache (the list and the preview follow while the request is on
 * its way), and puts the server's order back if it refuses. Reorders are sent one after another
 * (one mutation scope): two quick arrow presses sent side by side could be committed by the server in
 * the other order, leaving the first order asked for.
 */
export function useReorderLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: "bio-link-order" },
    mutationFn: reorderLinks,
    onMutate: (ids) => {
      const position = new Map(ids.map((id, index) => [id, index]));
      setLinks(queryClient, (links) => links.map((link) => ({ ...link, displayOrder: position.get(link.id) ?? link.displayOrder })));
    },
    onSuccess: (links) => {
      setLinks(queryClient, () => links);
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: LINK_ERROR, description: apiErrorMessage(error, FAILED_TO_REORDER_LINKS) });
      await afterLinksChanged(queryClient);
    },
  });
}
