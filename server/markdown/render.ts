import { NOTHING_KNOWN, renderEnv, type RenderContext } from "./context";
import { markdown } from "./parser";
import { plainTextOf } from "./plain-text";
import { sanitizeRendered } from "./sanitize";

export interface Rendered {
  /** Sanitized HTML, safe to insert as it is. */
  html: string;
  /** The same text without Markdown marks (search snippets, excerpts). */
  text: string;
}

/** Markdown → allowlisted HTML and its plain text, knowing `context` (members, the author's images). */
export function renderMarkdown(source: string, context: RenderContext = NOTHING_KNOWN): Rendered {
  const env = renderEnv(context);
  const tokens = markdown.parse(source, env);
  return { html: sanitizeRendered(markdown.renderer.render(tokens, markdown.options, env), context), text: plainTextOf(tokens) };
}

/** The plain text of a Markdown source (nothing looked up: mentions and images change no text). */
export function markdownPlainText(source: string): string {
  return plainTextOf(markdown.parse(source, renderEnv(NOTHING_KNOWN)));
}
