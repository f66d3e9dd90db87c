import markdownIt, { type MarkdownIt } from "markdown-it";
import { createRequire } from "node:module";
import { renderShortcodes } from "./emoji";
import { renderPreviews } from "./onebox";
import { renderImages } from "./images";
import { keepLinksUnnested } from "./links-in-links";
import { linkMentions } from "./mentions";
import { alignTableCells } from "./tables";

/**
 * CommonMark with GFM tables, strikethrough and autolinks (linkify): `html: false` so raw HTML in
 * the source stays text. A line break is a break (`breaks`), as in GitHub's comments and every
 * forum: posts written as plain text before Markdown keep their lines. Strikethrough renders as
 * `<del>`, the element docs/product.md "Forum" names; a table column's alignment is kept as `align`.
 */
function createParser(): MarkdownIt {
  const md = markdownIt("default", { html: false, linkify: true, breaks: true, typographer: false, highlight });
  linkWwwAddresses(md);
  md.renderer.rules.s_open = () => "<del>";
  md.renderer.rules.s_close = () => "</del>";
  alignTableCells(md);
  renderImages(md);
  keepLinksUnnested(md);
  linkMentions(md);
  renderShortcodes(md);
  renderPreviews(md);
  return md;
}

/**
 * A fenced block whose language highlight.js knows (its common set) is coloured here, once, at render
 * time: `<span class="hljs-…">` inside markdown-it's `<pre><code class="language-x">`. Any other
 * block stays plain text (an empty answer: markdown-it escapes it).
 */
interface Highlighter {
  getLanguage(name: string): object | undefined;
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): { value: string };
}
// Loaded without its type declarations: they pull the DOM's types into the server's (`/// <reference lib="dom" />`).
const hljs = createRequire(import.meta.url)("highlight.js/lib/common") as Highlighter;

function highlight(code: string, language: string): string {
  if (!language || !hljs.getLanguage(language)) return "";
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}

/**
 * GFM's autolinks include `www.` addresses (linked with http:), which linkify finds only with its
 * fuzzy links on; those would also link any bare domain ("example.com"), which GFM does not, so
 * every other fuzzy find is dropped.
 */
function linkWwwAddresses(md: MarkdownIt): void {
  md.linkify.set({ fuzzyLink: true });
  const match = md.linkify.match.bind(md.linkify);
  // An empty list (not null) when none is left: linkify's rule reads its length once test() found any.
  md.linkify.match = (text) => match(text)?.filter((link) => link.schema !== "" || /^www\./i.test(link.raw)) ?? null;
}

export const markdown = createParser();
