import { renderMarkdown } from "../markdown/render";

/**
 * A row's stored HTML; a row the backfill has not reached yet (written before Markdown) is rendered
 * here without lookups: its Markdown shows, `@names` stay text and images show as links until then.
 */
export const storedHtml = (row: { content: string; html: string | null }) => row.html ?? renderMarkdown(row.content).html;
