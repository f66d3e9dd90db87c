import { PageContainer } from "@/components/layouts/page-container";
import { CategoryManagement } from "@/features/admin/components/category-management";
import { InviteCodes } from "@/features/admin/components/invite-codes";
import { RecentAdminActions } from "@/features/admin/components/recent-admin-actions";
import { UserManagement } from "@/features/admin/components/user-management";
import { TextLink } from "@/components/ui/text-link";
import { usePageTitle } from "@/hooks/use-page-title";

/** /admin (admins only; the route guard sends other members to the dashboard). */
export function AdminScreen() {
  usePageTitle("Admin");
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Panel</h1>
        <p className="mt-1 text-sm text-muted">
          Members, bans, invite codes, badges and the forum's categories. <TextLink href="/admin/mail">Mail the site wrote</TextLink>
        </p>
      </div>
      <UserManagement />
      <InviteCodes />
      <CategoryManagement />
      <RecentAdminActions />
    </PageContainer>
  );
}
