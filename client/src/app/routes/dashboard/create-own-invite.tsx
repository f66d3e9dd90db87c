import { useQueryClient } from "@tanstack/react-query";
import { Plus, Ticket } from "lucide-react";
import { Link } from "wouter";
import { CLIENT_ROUTES } from "@shared/client-routes";
import type { CurrentUser } from "@shared/types";
import { Button, buttonClasses } from "@/components/ui/button";
import { assignedInvitesQueryKey } from "@/features/invites/api/get-assigned-invites";
import { useCreateUserInvite } from "@/features/admin/api/create-user-invite";

/**
 * An administrator's way onward from an empty My Invites: a code of their own to share at once
 * (assigned to them, so it shows in the list), or the admin panel's All Invite Codes.
 */
export function CreateOwnInvite({ user }: { user: Pick<CurrentUser, "id" | "username"> }) {
  const queryClient = useQueryClient();
  const createInvite = useCreateUserInvite();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Button
        size="sm"
        disabled={createInvite.isPending}
        onClick={() =>
          createInvite.mutate(user, { onSuccess: () => void queryClient.invalidateQueries({ queryKey: assignedInvitesQueryKey }) })
        }
      >
        <Plus aria-hidden />
        Create invite
      </Button>
      <Link href={CLIENT_ROUTES.admin} className={buttonClasses({ variant: "outline", size: "sm" })}>
        <Ticket aria-hidden />
        All Invite Codes
      </Link>
    </div>
  );
}
