import { cn } from "@/lib/cn";

/**
 * Member-written Markdown as the server rendered and sanitized it (the answer's `html`).
 * This is the one place member-written HTML enters the page; everything else is text.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  return <div className={cn("markdown", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
