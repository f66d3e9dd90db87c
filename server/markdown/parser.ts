import markdownIt, { type MarkdownIt } from "markdown-it";
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
  const md = markdownIt("default", { html: false, linkify: true, breaks: true, typographer: false });
  linkWwwAddresses(md);
  md.renderer.rules.s_open = () => "<del>";
  md.renderer.rules.s_close = () => "</del>";
  alignTableCells(md);
  renderImages(md);
  keepLinksUnnested(md);
  linkMentions(md);
  return md;
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
