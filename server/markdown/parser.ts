import markdownIt, { type MarkdownIt } from "markdown-it";
import { renderImages } from "./images";
import { linkMentions } from "./mentions";

/**
 * CommonMark with GFM tables, strikethrough and autolinks (linkify): `html: false` so raw HTML in
 * the source stays text. A line break is a break (`breaks`), as in GitHub's comments and every
 * forum: posts written as plain text before Markdown keep their lines. Strikethrough renders as
 * `<del>`, the element decisions.md names.
 */
function createParser(): MarkdownIt {
  const md = markdownIt("default", { html: false, linkify: true, breaks: true, typographer: false });
  md.renderer.rules.s_open = () => "<del>";
  md.renderer.rules.s_close = () => "</del>";
  renderImages(md);
  linkMentions(md);
  return md;
}

export const markdown = createParser();
