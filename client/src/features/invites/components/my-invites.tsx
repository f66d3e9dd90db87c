import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Ticket } from "lucide-react";
import type { AssignedInvite } from "@shared/types";
import { CopyButton } from "@/components/copy-button";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { useNow } from "@/hooks/use-now";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format-date";
import { isExpired } from "../utils/usable-invites";

interface MyInvitesProps {
  /** The id the unused-invites banner scrolls to. */
  id: string;
  invites: UseQueryResult<AssignedInvite[]>;
  /** The way onward from an empty list, for a member who can make codes (an administrator). */
  emptyAction?: ReactNode;
}

function InviteRow({ invite, now }: { invite: AssignedInvite; now: number }) {
  const expired = isExpired(invite, now);
  const used = invite.usedAt !== null;
  return (
    <tr className="grid grid-cols-2 gap-x-3 gap-y-0.5 px-5 py-3 sm:table-row sm:p-0">
      <td className="col-span-2 sm:px-6 sm:py-3">
        <span className="inline-flex items-center gap-1">
          <code className={cn("font-mono text-sm tracking-wider", (used || expired) && "text-muted line-through decoration-muted/60")}>{invite.code}</code>
          <CopyButton text={invite.code} label={`Copy invite code ${invite.code}`} copiedMessage="Invite code copied to clipboard" />
        </span>
      </td>
      <td className="text-sm sm:px-6 sm:py-3">
        <span className="whitespace-nowrap">
          <span className="text-muted sm:hidden">Expires </span>
          {invite.expiresAt ? formatDate(invite.expiresAt) : "Never"}
        </span>
        {expired && (
          <span className="ml-2 inline-block rounded-full border border-destructive/40 bg-destructive/10 px-1.5 py-0.5 text-xs text-destructive-hover">Expired</span>
        )}
      </td>
      <td className="min-w-0 truncate text-right text-sm sm:px-6 sm:py-3 sm:text-left">
        <span className="text-muted sm:hidden">Used by </span>
        {invite.usedByUsername ? <TextLink href={`/user/${encodeURIComponent(invite.usedByUsername)}`}>{invite.usedByUsername}</TextLink> : "-"}
      </td>
    </tr>
  );
}

/** My Invites: the codes given to the member (Code with a copy button, Expires or 'Never', Used By or '-'). */
export function MyInvites({ id, invites, emptyAction }: MyInvitesProps) {
  const now = Math.max(useNow(), Date.now());

  let body;
  if (invites.isPending) {
    body = <Spinner className="py-10" />;
  } else if (invites.isError && !invites.data) {
    body = <ErrorState title="Failed to load invites" error={invites.error} onRetry={() => void invites.refetch()} retrying={invites.isRefetching} className="py-8" />;
  } else if (invites.data.length === 0) {
    body = (
      <EmptyState
        icon={Ticket}
        title="No assigned invites"
        description={emptyAction ? "Create a code to share, or manage every code in the admin panel." : "Invites an administrator gives you show up here."}
        action={emptyAction}
        className="py-10"
      />
    );
  } else {
    body = (
      <table className="block w-full text-left sm:table">
        <thead className="hidden border-y border-border bg-surface-raised/50 text-xs font-medium tracking-wide text-muted uppercase sm:table-header-group">
          <tr>
            <th scope="col" className="px-6 py-2.5 font-medium">
              Code
            </th>
            <th scope="col" className="px-6 py-2.5 font-medium">
              Expires
            </th>
            <th scope="col" className="px-6 py-2.5 font-medium">
              Used By
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-border border-t border-border sm:table-row-group sm:border-t-0">
          {invites.data.map((invite) => (
            <InviteRow key={invite.id} invite={invite} now={now} />
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section id={id} tabIndex={-1} aria-labelledby={`${id}-title`} className="scroll-mt-24 focus:outline-none">
      <Card className="overflow-hidden">
        <CardHeader className="pb-4">
          <CardTitle id={`${id}-title`}>My Invites</CardTitle>
          <CardDescription>Share a code to bring someone into the community. Each code works once.</CardDescription>
        </CardHeader>
        {body}
      </Card>
    </section>
  );
}
