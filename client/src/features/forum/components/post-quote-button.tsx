import { MessageSquareQuote } from "lucide-react";
import type { Post } from "@shared/types";
import { Button } from "@/components/ui/button";
import { quoteIntoReply, quoteMarkdown, useCanQuote } from "../utils/quote-target";

/** A post's (or, without `id`, a topic opener's) Quote action: its whole text, quoted into the reply box (shown only while there is one). */
export function PostQuoteButton({ post }: { post: Pick<Post, "topicId" | "authorUsername" | "content"> & { id?: number } }) {
  if (!useCanQuote()) return null;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label="Quote post"
      title="Quote"
      onClick={() => quoteIntoReply(quoteMarkdown({ author: post.authorUsername, topicId: post.topicId, postId: post.id, text: post.content }))}
    >
      <MessageSquareQuote aria-hidden />
    </Button>
  );
}
