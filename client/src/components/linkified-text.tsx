import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { splitLinks } from "@/lib/linkify";

const linkClass = "text-primary-hover underline underline-offset-2 transition-colors hover:text-foreground";

/**
 * Member-written text that is not Markdown (a bio, a topic's description) shown as plain text: line
 * breaks kept, http(s) addresses as links that open in a new tab. Every character reaches the page
 * as text, never as markup.
 */
export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  const segments = useMemo(() => splitLinks(text), [text]);
  return (
    <div className={cn("whitespace-pre-wrap [overflow-wrap:anywhere]", className)}>
      {segments.map((segment, index) =>
        segment.type === "link" ? (
          <a key={index} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
            {segment.text}
          </a>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </div>
  );
}
