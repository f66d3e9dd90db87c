import { Ban, LogIn, MessagesSquare } from "lucide-react";
import { lazy, Suspense } from "react";
import { ComposerPlaceholder } from "@/components/composer/composer-placeholder";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TextLink } from "@/components/ui/text-link";
import { UserAvatar } from "@/components/user-avatar";
import { loginReturningTo } from "@shared/site-path";
import { allComments, useProfileComments } from "../api/get-profile-comments";
import { NOT_ACCEPTING_COMMENTS } from "@shared/constants";
import { LOG_IN_TO_COMMENT } from "../messages";
import type { CommentViewer } from "../types";
import { COMMENT_ROWS, commentPlaceholder } from "./comment-form-layout";
import { CommentItem } from "./comment-item";

/** What stands in place of the form when there is none. */
const NOTICE = "flex items-center gap-2 rounded-control border border-border bg-surface-raised/60 px-4 py-3 text-sm text-muted";

/** The form's code (the composer, react-hook-form, zod) is split off the profile's first load; the screen starts it loading once it has painted. */
export const loadCommentForm = () => import("./comment-form");
const CommentForm = lazy(() => loadCommentForm().then((module) => ({ default: module.CommentForm })));

interface ProfileCommentsProps {
  profileUserId: number;
  profileUsername: string;
  /** null for a visitor, who gets 'Log in to leave a comment' instead of the form. */
  viewer: CommentViewer | null;
  /** The profile's `canComment`: false (its owner blocked the viewer) puts the server's refusal in place of the form. */
  canComment: boolean;
}

/** The Comments card of a profile: the form (or the invitation to log in) above the comments, newest first. */
export function ProfileComments({ profileUserId, profileUsername, viewer, canComment }: ProfileCommentsProps) {
  const comments = useProfileComments(profileUserId);
  const items = allComments(comments.data);

  let list;
  if (comments.isPending) {
    list = <Spinner className="py-10" />;
  } else if (comments.isError && !comments.data) {
    list = (
      <ErrorState title="Failed to load comments" error={comments.error} onRetry={() => void comments.refetch()} retrying={comments.isRefetching} className="py-8" />
    );
  } else if (items.length === 0) {
    // No invitation to be the first where the form is refused.
    const invitation = viewer && !canComment ? undefined : `Be the first to leave ${profileUsername} a comment.`;
    list = <EmptyState icon={MessagesSquare} title="No comments yet" description={invitation} className="py-10" />;
  } else {
    list = (
      <div aria-label="Comments" role="feed" aria-busy={comments.isFetchingNextPage} className="divide-y divide-border">
        {items.map((comment) => (
          <CommentItem key={comment.id} comment={comment} viewer={viewer} />
        ))}
      </div>
    );
  }

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Comments</CardTitle>
        <CardDescription>What members say about {profileUsername}</CardDescription>
      </CardHeader>
      <div className="border-b border-border px-5 pb-5 sm:px-6">
        {viewer && !canComment ? (
          <p className={NOTICE}>
            <Ban className="size-4 shrink-0" aria-hidden />
            {NOT_ACCEPTING_COMMENTS}
          </p>
        ) : viewer ? (
          <Suspense
            fallback={
              // The form as it will look (comment-form.tsx), so the comments below do not move when it replaces this.
              <div className="flex gap-3">
                <UserAvatar username={viewer.username} src={viewer.avatar} size="sm" className="mt-0.5 hidden sm:grid" />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <ComposerPlaceholder rows={COMMENT_ROWS} placeholder={commentPlaceholder(profileUsername)} />
                  <div className="h-8" />
                </div>
              </div>
            }
          >
            <CommentForm profileUserId={profileUserId} profileUsername={profileUsername} viewer={viewer} />
          </Suspense>
        ) : (
          <p className={NOTICE}>
            <LogIn className="size-4 shrink-0" aria-hidden />
            <TextLink href={loginReturningTo(`/user/${encodeURIComponent(profileUsername)}`)}>{LOG_IN_TO_COMMENT}</TextLink>
          </p>
        )}
      </div>
      {list}
      {comments.hasNextPage && (
        <div className="border-t border-border px-5 py-3 text-center sm:px-6">
          <Button variant="ghost" size="sm" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
            {comments.isFetchingNextPage ? "Loading..." : "Show older comments"}
          </Button>
        </div>
      )}
    </Card>
  );
}
