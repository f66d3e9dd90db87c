import { useEffect, useRef, type MouseEvent } from "react";
import { useLocation } from "wouter";
import { cn } from "@/lib/cn";

/**
 * Member-written Markdown as the server rendered and sanitized it (the answer's `html`).
 * This is the one place member-written HTML enters the page; everything else is text.
 * Links to this site's pages (mentions, quotes' post links) open inside the app, without a reload.
 */
export function MarkdownHtml({ html, className }: { html: string; className?: string }) {
  const [, navigate] = useLocation();
  const container = useRef<HTMLDivElement>(null);
  // Code blocks and tables scroll sideways when wide: keyboard users reach them to scroll (WCAG
  // 2.1.1). Added here, not stored: the stored html keeps to the sanitizer's attributes.
  useEffect(() => {
    for (const scroller of container.current?.querySelectorAll("pre, table") ?? []) scroller.setAttribute("tabindex", "0");
  }, [html]);
  const openInApp = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    const href = link?.getAttribute("href");
    // Site paths only (the sanitizer keeps no `//host` or `/\host`); others open as the link says.
    if (!href || !href.startsWith("/") || link?.target) return;
    event.preventDefault();
    navigate(href);
  };
  return <div ref={container} className={cn("markdown", className)} onClick={openInApp} dangerouslySetInnerHTML={{ __html: html }} />;
}
