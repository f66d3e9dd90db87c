import { PageContainer } from "@/components/layouts/page-container";
import { CategoryManagement } from "@/features/admin/components/category-management";
import { GroupManagement } from "@/features/admin/components/group-management";
import { InviteCodes } from "@/features/admin/components/invite-codes";
import { RecentAdminActions } from "@/features/admin/components/recent-admin-actions";
import { UserManagement } from "@/features/admin/components/user-management";
import { TextLink } from "@/components/ui/text-link";
import { useAdminUsers } from "@/features/admin/api/get-admin-users";
import { usePageTitle } from "@/hooks/use-page-title";

/**
 * /admin (staff; the route guard sends other members to the dashboard). Each section shows only when
 * the server says this viewer may use it (`sections` of the members table): moderators get the members.
 */
export function AdminScreen() {
  usePageTitle("Admin");
  // The members table's first page, shared with UserManagement's query: it says which sections are this viewer's.
  const sections = useAdminUsers(1, "").data?.sections;
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{sections && !sections.invites ? "Moderation" : "Admin Panel"}</h1>
        <p className="mt-1 text-sm text-muted">
          {sections && !sections.invites ? (
            "Members: bans of up to 30 days and silences."
          ) : (
            <>
              Members, bans, invite codes, badges and the forum's categories. <TextLink href="/admin/mail">Mail the site wrote</TextLink> · <TextLink href="/admin/watched-words">Watched words</TextLink>
            </>
          )}
        </p>
      </div>
      <UserManagement />
      {sections?.invites && <InviteCodes />}
      {sections?.categories && <CategoryManagement />}
      {sections?.categories && <GroupManagement />}
      {sections?.actions && <RecentAdminActions />}
    </PageContainer>
  );
}
