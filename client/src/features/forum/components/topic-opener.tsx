import { lazy, useState } from "react";
import type { Topic } from "@shared/types";
import { CopyButton } from "@/components/copy-button";
import { FlagButton } from "@/components/flag/flag-button";
import { HiddenMark, HiddenNotice } from "@/components/flag/hidden-notice";
import { MarkdownHtml } from "@/components/markdown-html";
import { MountWhenOpened } from "@/components/ui/mount-when-opened";
import type { ForumViewer } from "../types";
import { PostQuoteButton } from "./post-quote-button";
import { ReactionBar } from "./reaction-bar";

// Opened by the 'edited' mark: its code loads on first opening, not with the topic.
const loadRevisionsDialog = () => import("./post-revisions-dialog");
const PostRevisionsDialog = lazy(() => loadRevisionsDialog().then((module) => ({ default: module.PostRevisionsDialog })));

interface TopicOpenerProps {
  topic: Topic;
  viewer: ForumViewer | null;
}

/**
 * A topic's opening text, as a post (docs/product.md "The opener is a post"): rendered by the
 * server and shown as a post's body is, with its 'edited' mark (the edit history), Quote, Flag, a
 * copy of its permalink (/topic/{id}) and its reactions. Hidden after flags, it shows the notice
 * to everyone but its author and staff, who read it marked.
 */
export function TopicOpener({ topic, viewer }: TopicOpenerProps) {
  const [showingRevisions, setShowingRevisions] = useState(false);
  const textWithheld = topic.descriptionHidden && topic.descriptionHtml === null;
  const isAuthor = viewer?.id === topic.createdBy;
  if (topic.descriptionHtml === null && !textWithheld && topic.reactions.length === 0 && !topic.descriptionEdited) return null;
  const href = `/topic/${topic.id}`;

  return (
    <section aria-label="Opening post" className="mt-3">
      {/* Text selected in here can be quoted (selection-quote.tsx). */}
      <div data-quote-author={textWithheld ? undefined : topic.authorUsername}>
        {textWithheld ? <HiddenNotice /> : topic.descriptionHtml !== null && <MarkdownHtml html={topic.descriptionHtml} className="text-sm/6 text-foreground sm:text-[0.9375rem]/7" />}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
        {topic.descriptionHidden && !textWithheld && <HiddenMark />}
        {topic.descriptionEdited && !textWithheld && (
          <button
            type="button"
            title="Show the edit history"
            className="cursor-pointer rounded-control text-xs italic text-muted underline-offset-2 hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            onPointerDown={() => void loadRevisionsDialog()}
            onClick={() => setShowingRevisions(true)}
          >
            edited
          </button>
        )}
        <div className="-my-1 ml-auto flex min-h-8 shrink-0 items-center">
          {!textWithheld && topic.description !== null && (
            <PostQuoteButton post={{ topicId: topic.id, authorUsername: topic.authorUsername, content: topic.description }} />
          )}
          {viewer && !isAuthor && <FlagButton targetType="topic" targetId={topic.id} flagged={topic.viewerFlagged} />}
          <CopyButton text={`${window.location.origin}${href}`} label="Copy link to the opening post" copiedMessage="The link to the opening post is on the clipboard." />
        </div>
      </div>
      <ReactionBar target={{ kind: "topic", id: topic.id, topicId: topic.id }} reactions={topic.reactions} canReact={topic.canReact} />
      {topic.descriptionEdited && (
        <MountWhenOpened open={showingRevisions}>
          <PostRevisionsDialog of={{ kind: "topic", id: topic.id }} open={showingRevisions} onOpenChange={setShowingRevisions} />
        </MountWhenOpened>
      )}
    </section>
  );
}
