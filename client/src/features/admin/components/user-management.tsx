import { Search, UserRoundX, Users } from "lucide-react";
import { useEffect, useState } from "react";
import type { AdminUser } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { countLabel } from "@/lib/count-label";
import { useAdminUsers } from "../api/get-admin-users";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { FAILED_TO_FETCH_USERS } from "../messages";
import { AdminSection } from "./admin-section";
import { BadgeManagementDialog } from "./badge-management-dialog";
import { MemberInvitesDialog } from "./member-invites-dialog";
import { RoleDialog } from "./role-dialog";
import { SilenceUserDialog } from "./silence-user-dialog";
import { BanUserDialog } from "./ban-user-dialog";
import { DeleteUserDialog } from "./delete-user-dialog";
import type { UserDialogKind } from "./user-actions";
import { UsersTable } from "./users-table";

/** How long typing must pause before the search runs. */
const SEARCH_DELAY_MS = 300;

/** 'User Management': search by username or UID, the users table with its pagination, and the user dialogs. */
export function UserManagement() {
  const [searchText, setSearchText] = useState("");
  const [submittedSearch, setSubmittedSearch] = useState<string | null>(null);
  const debouncedSearch = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // Enter searches at once; otherwise the search follows the typing after a pause.
  const search = submittedSearch ?? debouncedSearch;
  // The page belongs to the search it was chosen for: a new search starts at page 1.
  const [pageChoice, setPageChoice] = useState({ search, page: 1 });
  const page = pageChoice.search === search ? pageChoice.page : 1;
  const setPage = (next: number) => setPageChoice({ search, page: next });
  const users = useAdminUsers(page, search);

  // The dialog open and the member it is about; the member stays while the dialog closes.
  const [dialog, setDialog] = useState<{ kind: UserDialogKind; user: AdminUser; session: number } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const openDialog = (kind: UserDialogKind, user: AdminUser) => {
    setDialog((current) => ({ kind, user, session: (current?.session ?? 0) + 1 }));
    setDialogOpen(true);
  };
  const dialogProps = (kind: UserDialogKind) => ({
    user: dialog?.kind === kind ? dialog.user : null,
    open: dialogOpen && dialog?.kind === kind,
    onOpenChange: setDialogOpen,
  });

  // A page that no longer exists (its last member deleted): show the last one there is.
  const totalPages = users.data?.totalPages ?? 0;
  useEffect(() => {
    if (!users.isPlaceholderData && totalPages > 0 && page > totalPages) setPageChoice({ search, page: totalPages });
  }, [page, search, totalPages, users.isPlaceholderData]);

  const data = users.data;
  let body;
  if (users.isPending) {
    body = <Spinner className="py-16" />;
  } else if (!data) {
    body = <ErrorState title={FAILED_TO_FETCH_USERS} error={users.error} onRetry={() => void users.refetch()} retrying={users.isFetching} />;
  } else if (data.users.length === 0) {
    body = (
      <EmptyState
        icon={UserRoundX}
        title="No users found"
        description={search ? `Nobody matches "${search}". Search by a part of the username or by the exact UID.` : undefined}
      />
    );
  } else {
    body = <UsersTable users={data.users} onOpenDialog={openDialog} stale={users.isPlaceholderData} />;
  }

  return (
    <>
      <AdminSection
        icon={Users}
        title="User Management"
        description={data ? (search ? `${countLabel(data.totalCount, "match", "matches")} for "${search}"` : countLabel(data.totalCount, "user")) : "Members of the site"}
        busy={users.isFetching}
        toolbar={
          <form
            role="search"
            className="relative max-w-md"
            onSubmit={(event) => {
              event.preventDefault();
              setSubmittedSearch(searchText.trim());
            }}
          >
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
            <Input
              type="search"
              aria-label="Search users"
              placeholder="Search by username or UID"
              autoComplete="off"
              spellCheck={false}
              value={searchText}
              onChange={(event) => {
                setSearchText(event.target.value);
                setSubmittedSearch(null);
              }}
              className="pl-9"
            />
          </form>
        }
        footer={
          totalPages > 1 ? (
            <Pagination label="User pages" currentPage={page} totalPages={totalPages} onPageChange={setPage} disabled={users.isPlaceholderData} />
          ) : undefined
        }
      >
        {body}
      </AdminSection>
      <BanUserDialog key={`ban-${dialog?.session}`} {...dialogProps("ban")} />
      <DeleteUserDialog key={`delete-${dialog?.session}`} {...dialogProps("delete")} />
      <BadgeManagementDialog key={`badges-${dialog?.session}`} {...dialogProps("badges")} />
      <SilenceUserDialog key={`silence-${dialog?.session}`} {...dialogProps("silence")} />
      <RoleDialog key={`role-${dialog?.session}`} {...dialogProps("role")} />
      <MemberInvitesDialog key={`invites-${dialog?.session}`} {...dialogProps("invites")} />
    </>
  );
}
