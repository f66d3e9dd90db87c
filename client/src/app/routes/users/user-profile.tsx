import { Mail } from "lucide-react";
import { useEffect, type ComponentProps } from "react";
import { useParams } from "wouter";
import { USERNAME_PATTERN } from "@shared/constants";
import { ErrorState } from "@/components/error-state";
import { PageContainer } from "@/components/layouts/page-container";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/features/auth/api/get-current-user";
import { loadCommentForm, ProfileComments } from "@/features/comments/components/profile-comments";
import { useBioStatus } from "@/features/bio/api/get-bio-status";
import { BlockButton } from "@/features/blocks/components/block-button";
import { FlagButton } from "@/components/flag/flag-button";
import { NewConversationButton } from "@/features/messages/components/new-conversation-button";
import { useUserBadges } from "@/features/users/api/get-user-badges";
import { useUserProfile } from "@/features/users/api/get-user-profile";
import { ContactInfoCard } from "@/features/users/components/contact-info-card";
import { ProfileHeader } from "@/features/users/components/profile-header";
import { RecentActivity } from "@/features/users/components/recent-activity";
import { USER_NOT_FOUND, UserNotFound } from "@/features/users/components/user-not-found";
import { useLoadAfterPaint } from "@/hooks/use-load-after-paint";
import { usePageTitle } from "@/hooks/use-page-title";
import { apiErrorMessage, hasStatus } from "@/lib/api-error";
import { toast } from "@/lib/toast";

export function UserProfileScreen() {
  const params = useParams<{ username: string }>();
  const username = params.username ?? "";
  // Only a username-shaped path can name a member; anything else is not asked for.
  const valid = USERNAME_PATTERN.test(username);
  const { data: viewer = null } = useCurrentUser();
  const profile = useUserProfile(username, { enabled: valid });
  const bioStatus = useBioStatus(username, { enabled: valid });
  // While the profile loads, so the comment form is ready when the profile shows.
  useLoadAfterPaint(loadCommentForm);

  const notFound = !valid || hasStatus(profile.error, 404);
  usePageTitle(profile.data?.username ?? (notFound ? USER_NOT_FOUND : "Profile"));

  if (notFound) return <UserNotFound />;
  if (profile.isPending) return <Spinner className="flex-1" />;
  if (!profile.data) {
    return (
      <PageContainer>
        <Card>
          <ErrorState title="Failed to load profile" error={profile.error} onRetry={() => void profile.refetch()} retrying={profile.isRefetching} />
        </Card>
      </PageContainer>
    );
  }

  const user = profile.data;
  return (
    <PageContainer className="flex flex-col gap-5">
      <ProfileHeaderWithBadges
        profileId={user.id}
        profile={user}
        hasBio={bioStatus.data?.hasBio ?? user.hasBio}
        actions={
          viewer &&
          viewer.id !== user.id && (
            <>
              <NewConversationButton
                viewerId={viewer.id}
                with={{ id: user.id, username: user.username, avatar: user.avatar }}
                label="Message"
                icon={Mail}
                size="sm"
              />
              <BlockButton username={user.username} staff={user.role !== "member"} />
              {(bioStatus.data?.hasBio ?? user.hasBio) && (
                <FlagButton targetType="card" targetId={user.username} name={`@${user.username}'s card`} withLabel className="border border-border" />
              )}
            </>
          )
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-5">
          <RecentActivity username={user.username} />
          <ContactInfoCard profile={user} />
        </div>
        <ProfileComments
          profileUserId={user.id}
          profileUsername={user.username}
          viewer={viewer && { id: viewer.id, username: viewer.username, avatar: viewer.avatar }}
          canComment={user.canComment}
        />
      </div>
    </PageContainer>
  );
}

/** The header with the member's badges; a failed badge read says so and shows the header without them. */
function ProfileHeaderWithBadges({ profileId, ...props }: { profileId: number } & Omit<ComponentProps<typeof ProfileHeader>, "badges">) {
  const badges = useUserBadges(profileId);
  const { error } = badges;
  useEffect(() => {
    if (error) toast({ variant: "destructive", title: "Failed to fetch badges", description: apiErrorMessage(error) });
  }, [error]);
  return <ProfileHeader {...props} badges={badges.data ?? []} />;
}
