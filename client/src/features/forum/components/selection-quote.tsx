import { MessageSquareQuote } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { quoteIntoReply, quoteMarkdown } from "../utils/quote-target";

interface SelectedQuote {
  text: string;
  author: string;
  postId: number;
  /** Where the button goes: under the selection, in the viewport. */
  top: number;
  left: number;
}

const BUTTON_WIDTH = 96;

/** The selection, when it lies inside one post's text (marked data-quote-author inside article[data-post-id]). */
function selectedQuote(): SelectedQuote | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const text = selection.toString().trim();
  const range = selection.getRangeAt(0);
  const container = range.commonAncestorContainer;
  const source = (container instanceof Element ? container : container.parentElement)?.closest<HTMLElement>("[data-quote-author]");
  const post = source?.closest<HTMLElement>("article[data-post-id]");
  if (!text || !source || !post) return null;
  const rect = range.getBoundingClientRect();
  const left = Math.min(Math.max(8, rect.left + rect.width / 2 - BUTTON_WIDTH / 2), window.innerWidth - BUTTON_WIDTH - 8);
  return { text, author: source.dataset.quoteAuthor!, postId: Number(post.dataset.postId), top: rect.bottom + 8, left };
}

/** Selecting words in a post offers Quote under them, which quotes just those words into the reply box. */
export function SelectionQuote({ topicId }: { topicId: number }) {
  const [quote, setQuote] = useState<SelectedQuote | null>(null);

  useEffect(() => {
    const follow = () => setQuote(selectedQuote());
    document.addEventListener("selectionchange", follow);
    window.addEventListener("scroll", follow, { passive: true });
    window.addEventListener("resize", follow);
    return () => {
      document.removeEventListener("selectionchange", follow);
      window.removeEventListener("scroll", follow);
      window.removeEventListener("resize", follow);
    };
  }, []);

  if (!quote) return null;
  return (
    <Button
      size="sm"
      className="fixed z-40 shadow-lg"
      aria-label="Quote selection"
      style={{ top: quote.top, left: quote.left, width: BUTTON_WIDTH }}
      // Pressed without taking the selection away first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        quoteIntoReply(quoteMarkdown({ author: quote.author, topicId, postId: quote.postId, text: quote.text }));
        document.getSelection()?.removeAllRanges();
        setQuote(null);
      }}
    >
      <MessageSquareQuote aria-hidden />
      Quote
    </Button>
  );
}
