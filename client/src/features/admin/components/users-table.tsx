import { Calendar, MessageSquare } from "lucide-react";
import type { AdminUser } from "@shared/types";
import { OnlineDot } from "@/components/online-dot";
import { UserLink } from "@/components/user-link";
import { cn } from "@/lib/cn";
import { countLabel } from "@/lib/count-label";
import { formatDate } from "@/lib/format-date";
import { UserActions, type UserDialogKind } from "./user-actions";
import { UserStatusBadge } from "./user-status-badge";

interface UsersTableProps {
  users: AdminUser[];
  onOpenDialog: (kind: UserDialogKind, user: AdminUser) => void;
  /** While another page loads, the current one is dimmed. */
  stale?: boolean;
}

function Member({ user }: { user: AdminUser }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserLink username={user.username} avatar={user.avatar} size="sm" />
      <OnlineDot userId={user.id} />
    </span>
  );
}

const HEAD = "px-3 py-2.5 text-left text-xs font-medium tracking-wide text-muted uppercase first:pl-5 last:pr-5";
const CELL = "px-3 py-3 align-middle first:pl-5 last:pr-5";

/**
 * The admin users: a table on wide screens (UID, user, status, posts, joined, actions); below 1024 px one
 * card per member with the name, UID and status first and the actions as a grid of buttons.
 */
export function UsersTable({ users, onOpenDialog, stale = false }: UsersTableProps) {
  return (
    <div className={cn("transition-opacity", stale && "opacity-60")}>
      <div className="hidden overflow-x-auto lg:block">
        <table className="w-full text-sm">
          <thead className="border-b border-border bg-background/40">
            <tr>
              <th scope="col" className={cn(HEAD, "w-16")}>
                UID
              </th>
              <th scope="col" className={HEAD}>
                User
              </th>
              <th scope="col" className={HEAD}>
                Status
              </th>
              <th scope="col" className={cn(HEAD, "text-right")}>
                Posts
              </th>
              <th scope="col" className={HEAD}>
                Joined
              </th>
              <th scope="col" className={cn(HEAD, "text-right")}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {users.map((user) => (
              <tr key={user.id} data-user-id={user.id} className="transition-colors hover:bg-surface-raised/50">
                <td className={cn(CELL, "font-mono text-muted tabular-nums")}>{user.id}</td>
                <td className={cn(CELL, "max-w-56")}>
                  <Member user={user} />
                </td>
                <td className={CELL}>
                  <UserStatusBadge user={user} />
                </td>
                <td className={cn(CELL, "text-right tabular-nums")}>{user.postsCount.toLocaleString("en-US")}</td>
                <td className={cn(CELL, "whitespace-nowrap text-muted")}>{formatDate(user.createdAt)}</td>
                <td className={CELL}>
                  <UserActions user={user} onOpenDialog={onOpenDialog} layout="table" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label="Users" className="divide-y divide-border lg:hidden">
        {users.map((user) => (
          <li key={user.id} data-user-id={user.id} className="flex flex-col gap-3 px-4 py-4">
            {/* The status moves under the name when both do not fit on one line. */}
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
              <div className="min-w-0 max-w-full">
                <Member user={user} />
                <p className="mt-1 font-mono text-xs text-muted">UID {user.id}</p>
              </div>
              <UserStatusBadge user={user} className="sm:mt-1" />
            </div>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
              <span className="inline-flex items-center gap-1">
                <MessageSquare className="size-3.5" aria-hidden />
                {countLabel(user.postsCount, "post")}
              </span>
              <span className="inline-flex items-center gap-1">
                <Calendar className="size-3.5" aria-hidden />
                Joined {formatDate(user.createdAt)}
              </span>
            </div>
            <UserActions user={user} onOpenDialog={onOpenDialog} layout="card" />
          </li>
        ))}
      </ul>
    </div>
  );
}
