import type { AdminUser } from "@shared/types";
import { OnlineDot } from "@/components/online-dot";
import { MemberFacts } from "@/components/member-facts";
import { UserLink } from "@/components/user-link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/cn";
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
      <UserLink username={user.username} avatar={user.avatar} role={user.role} size="sm" />
      <OnlineDot userId={user.id} />
    </span>
  );
}

/**
 * The admin users: a table on wide screens (UID, user, status, posts, joined, actions); below 1024 px one
 * card per member with the name, UID and status first and the actions as a grid of buttons.
 */
export function UsersTable({ users, onOpenDialog, stale = false }: UsersTableProps) {
  return (
    <div className={cn("transition-opacity", stale && "opacity-60")}>
      <div className="hidden overflow-x-auto lg:block">
        <Table>
          <TableHeader>
              <TableHead className="w-16">
                UID
              </TableHead>
              <TableHead>
                User
              </TableHead>
              <TableHead>
                Status
              </TableHead>
              <TableHead className="text-right">
                Posts
              </TableHead>
              <TableHead>
                Joined
              </TableHead>
              <TableHead className="text-right">
                Actions
              </TableHead>
            </TableHeader>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id} data-user-id={user.id}>
                <TableCell className="font-mono text-muted tabular-nums">{user.id}</TableCell>
                <TableCell className="max-w-56">
                  <Member user={user} />
                </TableCell>
                <TableCell>
                  <UserStatusBadge user={user} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{user.postsCount.toLocaleString("en-US")}</TableCell>
                <TableCell className="whitespace-nowrap text-muted">{formatDate(user.createdAt)}</TableCell>
                <TableCell>
                  <UserActions user={user} onOpenDialog={onOpenDialog} layout="table" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
              <MemberFacts postsCount={user.postsCount} createdAt={user.createdAt} />
            </div>
            <UserActions user={user} onOpenDialog={onOpenDialog} layout="card" />
          </li>
        ))}
      </ul>
    </div>
  );
}
