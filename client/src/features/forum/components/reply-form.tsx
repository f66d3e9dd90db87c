import { useCallback, useRef, useState } from "react";
import { draftKeys } from "@shared/draft-keys";
import type { ComposerHandle } from "@/components/composer/composer";
import { Card } from "@/components/ui/card";
import { liveTopics } from "@/lib/live-topics";
import { useCreatePost } from "../api/create-post";
import { useQuoteTarget } from "../utils/quote-target";
import { LazyPostContentForm } from "./lazy-post-content-form";
import { SelectionQuote } from "./selection-quote";

/**
 * The reply box at the end of a topic: its draft is kept, posts' Quote actions insert into it, and
 * the topic's other readers are told the member is typing.
 */
export function ReplyForm({ topicId }: { topicId: number }) {
  const createPost = useCreatePost(topicId);
  const composer = useRef<ComposerHandle | null>(null);
  // The box's code loads after the topic (LazyPostContentForm): Quote is offered once it is there, so
  // a quote clicked meanwhile is not lost.
  const [boxReady, setBoxReady] = useState(false);
  const composerRef = useCallback((handle: ComposerHandle | null) => {
    composer.current = handle;
    setBoxReady(handle !== null);
  }, []);
  useQuoteTarget((markdown) => composer.current?.insertBlock(markdown), boxReady);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold">Reply</h2>
      <LazyPostContentForm
        label="Reply"
        placeholder="Write a reply..."
        submitLabel="Post Reply"
        pendingLabel="Posting..."
        pending={createPost.isPending}
        onSubmit={(data) => createPost.mutateAsync(data)}
        draftKey={draftKeys.topic(topicId)}
        composerRef={composerRef}
        onType={() => liveTopics.typing(topicId)}
        footer={<span className="mr-auto hidden text-xs text-muted sm:inline">Ctrl+Enter to send</span>}
      />
      <SelectionQuote topicId={topicId} />
    </Card>
  );
}
