import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import { Pencil, Trash2 } from "lucide-react";
import { lazy, useState, type Ref } from "react";
import type { Post } from "@shared/types";
import { MarkdownHtml } from "@/components/markdown-html";
import { OnlineDot } from "@/components/online-dot";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import { UserAvatar } from "@/components/user-avatar";
import { UserLink } from "@/components/user-link";
import { cn } from "@/lib/cn";
import { countLabel } from "@/lib/count-label";
import { formatDateTime } from "@/lib/format-date";
import { FlagButton } from "@/components/flag/flag-button";
import { HiddenMark, HiddenNotice } from "@/components/flag/hidden-notice";
import { useDeletePost } from "../api/delete-post";
import { useUpdatePost } from "../api/update-post";
import type { ForumViewer } from "../types";
import { LazyPostContentForm, loadPostContentForm } from "./lazy-post-content-form";
import { PostBookmarkMenu } from "./post-bookmark-menu";
import { PostPermalink } from "./post-permalink";
import { PostQuoteButton } from "./post-quote-button";
import { ReactionBar } from "./reaction-bar";

// Opened by the 'edited' mark: its code (the dialog) loads on first opening, not with the topic.
const loadRevisionsDialog = () => import("./post-revisions-dialog");
const PostRevisionsDialog = lazy(() => loadRevisionsDialog().then((module) => ({ default: module.PostRevisionsDialog })));

interface PostItemProps {
  post: Post;
  /** Its place in the topic, oldest first: #1 onward (undefined only if it cannot be known: then a bare '#'). */
  number?: number;
  viewer: ForumViewer | null;
  /** The post a link pointed at: outlined. */
  marked?: boolean;
  /** Receives the post's element (read position). */
  ref?: Ref<HTMLElement>;
}

/**
 * One post: number, author (avatar, name, post count), date, 'edited' mark (opening the edit
 * history) and the text as the server rendered it. It offers
 * editing in place and deleting after confirming as far as the server says the viewer may.
 */
export function PostItem({ post, number, viewer, marked = false, ref }: PostItemProps) {
  const [editing, setEditing] = useState(false);
  // A post by a member the viewer blocked stays collapsed until asked for (docs/product.md "Private messages and blocking").
  const [revealed, setRevealed] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showingRevisions, setShowingRevisions] = useState(false);
  const updatePost = useUpdatePost(post.topicId, post.id, { onSuccess: () => setEditing(false) });
  const deletePost = useDeletePost(post.topicId, post.id, { onSuccess: () => setConfirmingDelete(false) });
  const isAuthor = viewer?.id === post.authorId;
  // Hidden after flags: its author and staff get the text (marked), everyone else an empty one.
  const textWithheld = post.hidden && post.html === "" && post.content === "";

  const label = number === undefined ? `Post by ${post.authorUsername ?? DELETED_MEMBER_NAME}` : `Post #${number}`;

  if (post.authorBlocked && !revealed) {
    return (
      <article ref={ref} id={`post-${post.id}`} data-post-id={post.id} aria-label={label} className="scroll-mt-24 px-4 py-3 text-sm text-muted sm:px-5">
        Post by a member you blocked ·{" "}
        <button
          type="button"
          className="cursor-pointer rounded-control font-medium text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          onClick={() => setRevealed(true)}
        >
          Show
        </button>
      </article>
    );
  }

  return (
    <article
      ref={ref}
      id={`post-${post.id}`}
      data-post-id={post.id}
      data-marked={marked || undefined}
      aria-label={label}
      aria-current={marked ? "location" : undefined}
      className={cn("flex scroll-mt-24 gap-3 px-4 py-4 sm:gap-4 sm:px-5 sm:py-5", marked && "bg-primary/[0.08] ring-1 ring-inset ring-primary/50")}
    >
      <UserAvatar username={post.authorUsername} src={post.authorAvatar} size="md" className="hidden sm:grid" />
      <div className="min-w-0 flex-1">
        <header className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 leading-6">
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <UserLink username={post.authorUsername} avatar={post.authorAvatar} role={post.authorRole} size="xs" className="text-sm sm:[&>:first-child]:hidden" />
              <OnlineDot userId={post.authorId} className="size-2" />
            </span>
            <span className="text-xs text-muted">{countLabel(post.authorPostsCount, "post")}</span>
            <time dateTime={post.createdAt} className="text-xs text-muted">
              {formatDateTime(post.createdAt)}
            </time>
            {post.hidden && !textWithheld && <HiddenMark />}
            {post.isEdited && !textWithheld && (
              <button
                type="button"
                title={`Edited ${formatDateTime(post.updatedAt)}: show the edit history`}
                className="cursor-pointer rounded-control text-xs italic text-muted underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                onPointerDown={() => void loadRevisionsDialog()}
                onClick={() => setShowingRevisions(true)}
              >
                edited
              </button>
            )}
          </div>
          {/* As tall as the icon buttons, pulled up to centre on the first line of the author row. */}
          <div className="-my-1 -mr-2 flex min-h-8 shrink-0 items-center">
            {!editing && !textWithheld && <PostQuoteButton post={post} />}
            {post.canEdit && !editing && (
              <Button variant="ghost" size="icon" className="size-8" aria-label="Edit post" title="Edit" onPointerDown={() => void loadPostContentForm()} onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
              </Button>
            )}
            {post.canDelete && (
              <Button
                variant="ghost"
                size="icon"
                className="size-8 hover:bg-destructive/10 hover:text-destructive-hover"
                aria-label="Delete post"
                title="Delete"
                onClick={() => setConfirmingDelete(true)}
              >
                <Trash2 aria-hidden />
              </Button>
            )}
            {viewer && <PostBookmarkMenu post={post} bookmarked={post.bookmarked} />}
            {viewer && !isAuthor && <FlagButton targetType="post" targetId={post.id} flagged={post.viewerFlagged} />}
            <PostPermalink topicId={post.topicId} postId={post.id} number={number} />
          </div>
        </header>
        {/* Text selected in here can be quoted (selection-quote.tsx). */}
        <div className="mt-2" data-quote-author={editing || textWithheld ? undefined : (post.authorUsername ?? undefined)}>
          {textWithheld ? (
            <HiddenNotice />
          ) : editing ? (
            <LazyPostContentForm
              label="Edit post"
              initialContent={post.content}
              rows={5}
              autoFocus
              submitLabel="Save"
              pendingLabel="Saving..."
              pending={updatePost.isPending}
              onSubmit={(data) => updatePost.mutateAsync(data)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <MarkdownHtml html={post.html} className="text-sm/6 text-foreground sm:text-[0.9375rem]/7" />
          )}
        </div>
        {!editing && <ReactionBar target={{ kind: "post", id: post.id, topicId: post.topicId }} reactions={post.reactions} canReact={post.canReact} />}
      </div>
      {post.isEdited && (
        <MountWhenOpened open={showingRevisions}>
          <PostRevisionsDialog of={{ kind: "post", id: post.id }} open={showingRevisions} onOpenChange={setShowingRevisions} />
        </MountWhenOpened>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title="Delete this post?"
        description={
          isAuthor
            ? "Your post will be deleted. This cannot be undone."
            : `This post by ${post.authorUsername ?? DELETED_MEMBER_NAME} will be deleted. This cannot be undone.`
        }
        confirmLabel="Delete post"
        pendingLabel="Deleting..."
        pending={deletePost.isPending}
        onConfirm={() => deletePost.mutate()}
      />
    </article>
  );
}
