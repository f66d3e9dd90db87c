import type { UseQueryResult } from "@tanstack/react-query";
import { UserRoundX } from "lucide-react";
import type { UsersListResponse } from "@shared/types";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { FALLBACK_ERROR_MESSAGE } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { UserRow } from "./user-row";

interface UsersListProps {
  users: UseQueryResult<UsersListResponse>;
  page: number;
  onPageChange: (page: number) => void;
}

/** 'Community Members': a page of members with the pagination, or the list's loading, failure or empty state. */
export function UsersList({ users, page, onPageChange }: UsersListProps) {
  const { data } = users;
  const pagination = data?.pagination;

  let body;
  if (users.isPending) {
    body = <Spinner className="py-16" />;
  } else if (!data) {
    body = (
      <ErrorState
        title="Failed to load users"
        error={users.error}
        description={users.error instanceof Error ? users.error.message : FALLBACK_ERROR_MESSAGE}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
      />
    );
  } else if (data.users.length === 0) {
    body = <EmptyState icon={UserRoundX} title="No users found" description="There is nobody on this page." />;
  } else {
    body = (
      <ul aria-label="Members" className={cn("divide-y divide-border transition-opacity", users.isPlaceholderData && "opacity-60")}>
        {data.users.map((user) => (
          <UserRow key={user.id} user={user} />
        ))}
      </ul>
    );
  }

  return (
    <Card className="overflow-hidden" aria-busy={users.isFetching || undefined}>
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-border px-4 py-4 sm:px-5">
        <CardTitle>Community Members</CardTitle>
        {pagination && pagination.totalPages > 0 && (
          <CardDescription>
            Page {Math.min(pagination.currentPage, Math.max(pagination.totalPages, 1))} of {pagination.totalPages}
          </CardDescription>
        )}
      </header>
      {body}
      {pagination && pagination.totalPages > 1 && (
        <div className="border-t border-border px-2 py-3 sm:px-5">
          <Pagination currentPage={page} totalPages={pagination.totalPages} onPageChange={onPageChange} disabled={users.isPlaceholderData} />
        </div>
      )}
    </Card>
  );
}
