import { DELETED_MEMBER_NAME } from "@shared/member-deletion";
import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * The reply box that takes quotes (docs/product.md "Forum": Quote inserts into the reply box). The
 * topic page's reply form registers itself; posts offer Quote only while one is there (not in a
 * locked topic).
 */
type InsertQuote = (markdown: string) => void;

let target: { current: InsertQuote } | null = null;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

/** Makes the caller's box the one quotes go to, while it is mounted and `ready` (its box can take them). */
export function useQuoteTarget(insert: InsertQuote, ready = true) {
  const latest = useRef(insert);
  latest.current = insert;
  useEffect(() => {
    if (!ready) return;
    const mine = latest;
    target = mine;
    announce();
    return () => {
      if (target === mine) target = null;
      announce();
    };
  }, [ready]);
}

/** Whether a reply box takes quotes now. */
export function useCanQuote(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => target !== null,
  );
}

export function quoteIntoReply(markdown: string) {
  target?.current(markdown);
}

/** A post's words as a Markdown blockquote headed with its author and a link to it (no `postId`: the topic's opener, /topic/{id}). */
export function quoteMarkdown({ author, topicId, postId, text }: { author: string | null; topicId: number; postId?: number; text: string }): string {
  const body = text
    .replace(/\s+$/, "")
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");
  const link = postId === undefined ? `/topic/${topicId}` : `/topic/${topicId}?post=${postId}`;
  // Words whose author was deleted are quoted without a mention (null: "Deleted member").
  return `> **${author === null ? DELETED_MEMBER_NAME : `@${author}`}** [wrote](${link}):\n>\n${body}`;
}
