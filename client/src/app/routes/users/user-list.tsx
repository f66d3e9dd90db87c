import { useSearchParams } from "wouter";
import { PageContainer } from "@/components/layouts/page-container";
import { useUsers } from "@/features/users/api/get-users";
import { UsersList } from "@/features/users/components/users-list";
import { UsersStats } from "@/features/users/components/users-stats";
import { usePageTitle } from "@/hooks/use-page-title";
import { countLabel } from "@/lib/count-label";

/** The page in `?page=`, 1 when it is missing or not a positive whole number. */
function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function UserListScreen() {
  usePageTitle("Users");
  const [search, setSearch] = useSearchParams();
  const page = pageFrom(search);
  const users = useUsers(page);
  const total = users.data?.pagination.totalUsers;

  const changePage = (next: number) => {
    setSearch(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Users</h1>
        <p className="mt-1 text-sm text-muted">
          {total === undefined ? "Everyone in the community." : `${countLabel(total, "member")} in the community`}
        </p>
      </div>
      <UsersStats data={users.data} />
      <UsersList users={users} page={page} onPageChange={changePage} />
    </PageContainer>
  );
}
