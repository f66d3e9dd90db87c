import { Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { InviteListItem } from "@shared/types";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format-date";
import { InviteStatusBadge } from "./invite-status-badge";

interface InvitesTableProps {
  invites: InviteListItem[];
  onDelete: (invite: InviteListItem) => void;
  stale?: boolean;
}

/** A member's name linking to their profile, or what stands in for nobody. */
function Person({ username, none = "-" }: { username: string | null; none?: string }) {
  if (!username) return <span className="text-muted">{none}</span>;
  return (
    <Link
      href={`/user/${encodeURIComponent(username)}`}
      className="inline-block max-w-40 truncate align-bottom font-medium text-foreground transition-colors hover:text-primary-hover"
    >
      {username}
    </Link>
  );
}

/** Who used the invite: a used invite whose member was deleted since keeps its status but has no name. */
function UsedBy({ invite }: { invite: InviteListItem }) {
  if (invite.usedByUsername) return <Person username={invite.usedByUsername} />;
  return <span className="text-muted">{invite.status === "used" ? "Deleted user" : "-"}</span>;
}

function Expires({ invite }: { invite: InviteListItem }) {
  if (!invite.expiresAt) return <span className="text-muted">Never</span>;
  return <span className={cn(invite.status === "expired" && "text-amber-300 light:text-amber-800")}>{formatDate(invite.expiresAt)}</span>;
}

function Code({ invite }: { invite: InviteListItem }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className={cn("font-mono text-sm tracking-wider", invite.status !== "active" && "text-muted")}>{invite.code}</code>
      <CopyButton text={invite.code} label={`Copy invite code ${invite.code}`} copiedMessage={invite.code} className="size-7" />
    </span>
  );
}

function DeleteInviteButton({ invite, onDelete, className }: { invite: InviteListItem; onDelete: (invite: InviteListItem) => void; className?: string }) {
  // Only unused invites can be deleted; used ones are history.
  if (invite.status === "used") return null;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Delete invite ${invite.code}`}
      title="Delete invite"
      className={cn("size-8 hover:bg-destructive/10 hover:text-destructive-hover", className)}
      onClick={() => onDelete(invite)}
    >
      <Trash2 aria-hidden />
    </Button>
  );
}

/**
 * The invite codes: a table on wide screens; below 1024 px a card per invite with the code and status
 * first, then created, by whom and expiry, and the assignee and user when there are any.
 */
export function InvitesTable({ invites, onDelete, stale = false }: InvitesTableProps) {
  return (
    <div className={cn("transition-opacity", stale && "opacity-60")}>
      <div className="hidden overflow-x-auto lg:block">
        <Table>
          <TableHeader>
              <TableHead>
                Code
              </TableHead>
              <TableHead>
                Status
              </TableHead>
              <TableHead>
                Created by
              </TableHead>
              <TableHead>
                Assigned to
              </TableHead>
              <TableHead>
                Used by
              </TableHead>
              <TableHead>
                Expires
              </TableHead>
              <TableHead>
                Created
              </TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableHeader>
          <TableBody>
            {invites.map((invite) => (
              <TableRow key={invite.id} data-invite-code={invite.code}>
                <TableCell className="whitespace-nowrap">
                  <Code invite={invite} />
                </TableCell>
                <TableCell>
                  <InviteStatusBadge status={invite.status} />
                </TableCell>
                <TableCell>
                  <Person username={invite.createdByUsername} none="System" />
                </TableCell>
                <TableCell>
                  <Person username={invite.assignedToUsername} />
                </TableCell>
                <TableCell>
                  <UsedBy invite={invite} />
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <Expires invite={invite} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted">{formatDate(invite.createdAt)}</TableCell>
                <TableCell className="text-right">
                  <DeleteInviteButton invite={invite} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <ul aria-label="Invite codes" className="divide-y divide-border lg:hidden">
        {invites.map((invite) => (
          <li key={invite.id} data-invite-code={invite.code} className="px-4 py-3.5">
            <div className="flex items-center justify-between gap-2">
              <Code invite={invite} />
              <div className="flex items-center gap-1">
                <InviteStatusBadge status={invite.status} />
                <DeleteInviteButton invite={invite} onDelete={onDelete} className="-mr-2" />
              </div>
            </div>
            <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-xs">
              {[
                {
                  term: "Created",
                  detail: (
                    <>
                      {formatDate(invite.createdAt)} <span className="text-muted">by</span> <Person username={invite.createdByUsername} none="System" />
                    </>
                  ),
                },
                { term: "Expires", detail: <Expires invite={invite} /> },
                ...(invite.assignedToUsername ? [{ term: "Assigned to", detail: <Person username={invite.assignedToUsername} /> }] : []),
                ...(invite.status === "used" ? [{ term: "Used by", detail: <UsedBy invite={invite} /> }] : []),
              ].map(({ term, detail }) => (
                <div key={term} className="flex min-w-0 items-baseline gap-1">
                  <dt className="text-muted">{term}</dt>
                  <dd className="min-w-0 truncate">{detail}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
