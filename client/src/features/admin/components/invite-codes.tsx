import { Eraser, Plus, Ticket, TicketX, Waves } from "lucide-react";
import { useEffect, useState } from "react";
import { ASSIGNED_INVITE_EXPIRES_IN_DAYS, PAGE_SIZE } from "@shared/constants";
import type { InviteListItem } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { countLabel } from "@/lib/count-label";
import { useCreateInvite } from "../api/create-invite";
import { useCreateInviteWave } from "../api/create-invite-wave";
import { useDeleteInvite } from "../api/delete-invite";
import { useInvites } from "../api/get-invites";
import { usePurgeInvites } from "../api/purge-invites";
import { FAILED_TO_FETCH_INVITES } from "../messages";
import { AdminSection } from "./admin-section";
import { InvitesTable } from "./invites-table";

type Confirming = "wave" | "purge-expired" | "purge-active" | null;

/** 'All Invite Codes': create, invite wave, purge expired or active, delete unused; the table with its pagination. */
export function InviteCodes() {
  const [page, setPage] = useState(1);
  const invites = useInvites(page);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [deleting, setDeleting] = useState<InviteListItem | null>(null);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const closeConfirm = () => setConfirming(null);

  // A new invite is the newest: show the first page, where it is.
  const createInvite = useCreateInvite({ onSuccess: () => setPage(1) });
  const wave = useCreateInviteWave({ onSuccess: closeConfirm });
  const purgeExpired = usePurgeInvites("expired", { onSuccess: closeConfirm });
  const purgeActive = usePurgeInvites("active", { onSuccess: closeConfirm });
  const deleteInvite = useDeleteInvite({ onSuccess: () => setDeleteOpen(false) });

  const data = invites.data;
  const totalPages = data ? Math.ceil(data.totalCount / PAGE_SIZE) : 0;
  useEffect(() => {
    if (!invites.isPlaceholderData && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, invites.isPlaceholderData]);

  let body;
  if (invites.isPending) {
    body = <Spinner className="py-16" />;
  } else if (!data) {
    body = <ErrorState title={FAILED_TO_FETCH_INVITES} error={invites.error} onRetry={() => void invites.refetch()} retrying={invites.isFetching} />;
  } else if (data.invites.length === 0) {
    body = <EmptyState icon={Ticket} title="No invite codes" description="Create one to let someone in." />;
  } else {
    body = (
      <InvitesTable
        invites={data.invites}
        stale={invites.isPlaceholderData}
        onDelete={(invite) => {
          setDeleting(invite);
          setDeleteOpen(true);
        }}
      />
    );
  }

  return (
    <>
      <AdminSection
        icon={Ticket}
        title="All Invite Codes"
        description={data ? countLabel(data.totalCount, "invite code") : "Every invite code, newest first"}
        busy={invites.isFetching}
        actions={
          <>
            <Button size="sm" disabled={createInvite.isPending} onClick={() => createInvite.mutate()}>
              <Plus aria-hidden />
              Create invite
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming("wave")}>
              <Waves aria-hidden />
              Invite wave
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming("purge-expired")}>
              <Eraser aria-hidden />
              Purge expired
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming("purge-active")}>
              <TicketX aria-hidden />
              Purge active
            </Button>
          </>
        }
        footer={totalPages > 1 ? <Pagination label="Invite pages" currentPage={page} totalPages={totalPages} onPageChange={setPage} disabled={invites.isPlaceholderData} /> : undefined}
      >
        {body}
      </AdminSection>

      <ConfirmDialog
        open={confirming === "wave"}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Send an invite wave?"
        description={`Every member who is not banned gets a new invite code of their own, valid for ${ASSIGNED_INVITE_EXPIRES_IN_DAYS} days.`}
        confirmLabel="Send invite wave"
        pendingLabel="Sending..."
        pending={wave.isPending}
        onConfirm={() => wave.mutate()}
        variant="primary"
      />
      <ConfirmDialog
        open={confirming === "purge-expired"}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Purge expired invites?"
        description="Every unused invite whose expiry has passed is deleted. Used invites stay as history."
        confirmLabel="Purge expired"
        pendingLabel="Purging..."
        pending={purgeExpired.isPending}
        onConfirm={() => purgeExpired.mutate()}
      />
      <ConfirmDialog
        open={confirming === "purge-active"}
        onOpenChange={(open) => !open && closeConfirm()}
        title="Purge active invites?"
        description="Every unused invite that has not expired is deleted, including those given to members: nobody can register with them any more. Used invites stay as history."
        confirmLabel="Purge active"
        pendingLabel="Purging..."
        pending={purgeActive.isPending}
        onConfirm={() => purgeActive.mutate()}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete this invite?"
        description={
          <>
            Nobody will be able to register with <code className="font-mono text-foreground">{deleting?.code}</code>.
          </>
        }
        confirmLabel="Delete invite"
        pendingLabel="Deleting..."
        pending={deleteInvite.isPending}
        onConfirm={() => deleting && deleteInvite.mutate(deleting)}
      />
    </>
  );
}
