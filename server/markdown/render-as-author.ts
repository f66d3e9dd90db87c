import type { Db } from "../db/client";
import { findRenderContexts } from "../queries/render-context";
import { NO_WATCHED_WORDS, type WordMatcher } from "../watched-words/matcher";
import { renderMarkdown, type Rendered } from "./render";

/**
 * Renders `source` as written by member `authorId`: mentions of existing members link, and only
 * that member's own uploaded images show. What posts, comments, messages and the preview store or answer.
 * `words`: the watched words, whose `censor` words read ■■■ in the html and the plain text (the
 * source keeps them; docs/decisions/064).
 */
export async function renderAsAuthor(db: Pick<Db, "select">, authorId: number, source: string, words: WordMatcher = NO_WATCHED_WORDS): Promise<Rendered> {
  const [context] = await findRenderContexts(db, [{ authorId, source }]);
  const { html, text } = renderMarkdown(source, context);
  return { html: words.censorHtml(html), text: words.censor(text) };
}
