import { Trash2 } from "lucide-react";
import { Link } from "wouter";
import type { InviteListItem } from "@shared/types";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
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
  return <span className={cn(invite.status === "expired" && "text-amber-300")}>{formatDate(invite.expiresAt)}</span>;
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

const HEAD = "px-3 py-2.5 text-left text-xs font-medium tracking-wide text-muted uppercase first:pl-5 last:pr-5";
const CELL = "px-3 py-2.5 align-middle first:pl-5 last:pr-5";

/**
 * The invite codes: a table on wide screens; below 1024 px a card per invite with the code and status
 * first, then created, by whom and expiry, and the assignee and user when there are any.
 */
export function InvitesTable({ invites, onDelete, stale = false }: InvitesTableProps) {
  return (
    <div className={cn("transition-opacity", stale && "opacity-60")}>
      <div className="hidden overflow-x-auto lg:block">
        <table className="w-full text-sm">
          <thead className="border-b border-border bg-background/40">
            <tr>
              <th scope="col" className={HEAD}>
                Code
              </th>
              <th scope="col" className={HEAD}>
                Status
              </th>
              <th scope="col" className={HEAD}>
                Created by
              </th>
              <th scope="col" className={HEAD}>
                Assigned to
              </th>
              <th scope="col" className={HEAD}>
                Used by
              </th>
              <th scope="col" className={HEAD}>
                Expires
              </th>
              <th scope="col" className={HEAD}>
                Created
              </th>
              <th scope="col" className={cn(HEAD, "w-12")}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {invites.map((invite) => (
              <tr key={invite.id} data-invite-code={invite.code} className="transition-colors hover:bg-surface-raised/50">
                <td className={cn(CELL, "whitespace-nowrap")}>
                  <Code invite={invite} />
                </td>
                <td className={CELL}>
                  <InviteStatusBadge status={invite.status} />
                </td>
                <td className={CELL}>
                  <Person username={invite.createdByUsername} none="System" />
                </td>
                <td className={CELL}>
                  <Person username={invite.assignedToUsername} />
                </td>
                <td className={CELL}>
                  <UsedBy invite={invite} />
                </td>
                <td className={cn(CELL, "whitespace-nowrap")}>
                  <Expires invite={invite} />
                </td>
                <td className={cn(CELL, "whitespace-nowrap text-muted")}>{formatDate(invite.createdAt)}</td>
                <td className={cn(CELL, "text-right")}>
                  <DeleteInviteButton invite={invite} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
