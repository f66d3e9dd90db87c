import type { MarkdownIt, StateCore, Token } from "markdown-it";
import { contextOf, type LinkPreview } from "./context";

/** At most this many previews per text (its first URLs alone on a line). */
export const MAX_PREVIEWS_PER_TEXT = 5;

type Line = { children: Token[]; href: string | null };

const isBreak = (token: Token) => token.type === "softbreak" || token.type === "hardbreak";
const isBlank = (token: Token) => token.type === "text" && token.content.trim() === "";

/**
 * The lines of a paragraph, each with the URL it holds alone, if it does: a plain URL (linkified, or
 * `<…>`), http: or https:, with nothing else on its line but spaces.
 */
function linesOf(children: Token[]): Line[] {
  const lines: Line[] = [{ children: [], href: null }];
  for (const token of children) {
    lines.at(-1)!.children.push(token);
    if (isBreak(token)) lines.push({ children: [], href: null });
  }
  for (const line of lines) {
    const parts = line.children.filter((token) => !isBreak(token) && !isBlank(token));
    const [open, text, close] = parts;
    if (parts.length !== 3 || open!.type !== "link_open" || text!.type !== "text" || close!.type !== "link_close") continue;
    if (open!.markup !== "linkify" && open!.markup !== "autolink") continue;
    const href = String(open!.attrGet("href") ?? "");
    if (/^https?:\/\//i.test(href)) line.href = href;
  }
  return lines;
}

/** Each top-level paragraph of the parsed text: the index of its inline token. */
function* paragraphs(tokens: Token[]): Generator<number> {
  for (let index = 1; index < tokens.length - 1; index++) {
    const open = tokens[index - 1]!;
    if (open.type === "paragraph_open" && open.level === 0 && !open.hidden && tokens[index]!.type === "inline") yield index;
  }
}

/** The distinct URLs a parsed text shows alone on a line, in order (the first MAX_PREVIEWS_PER_TEXT): the ones to preview. */
export function previewUrlsOf(tokens: Token[]): string[] {
  const urls = new Set<string>();
  for (const index of paragraphs(tokens)) {
    for (const line of linesOf(tokens[index]!.children ?? [])) if (line.href) urls.add(line.href);
  }
  return [...urls].slice(0, MAX_PREVIEWS_PER_TEXT);
}

/**
 * A URL alone on its line with a kept preview gets the preview card under it: its paragraph ends
 * after that line, the card follows (`<aside class="onebox">`), and the rest of the paragraph goes on
 * as a new one. Without a kept preview the link stays a plain link.
 */
export function renderPreviews(md: MarkdownIt): void {
  md.core.ruler.push("link_previews", (state) => {
    const previews = contextOf(state.env).previews;
    if (!previews || previews.size === 0) return;
    const allowed = new Set(previewUrlsOf(state.tokens));
    const output: Token[] = [];
    for (let index = 0; index < state.tokens.length; index++) {
      const token = state.tokens[index]!;
      const open = state.tokens[index - 1];
      if (token.type !== "inline" || open?.type !== "paragraph_open" || open.level !== 0 || open.hidden) {
        output.push(token);
        continue;
      }
      const lines = linesOf(token.children ?? []);
      if (!lines.some((line) => line.href && allowed.has(line.href) && previews.has(line.href))) {
        output.push(token);
        continue;
      }
      output.pop(); // its paragraph_open, pushed again per part
      const close = state.tokens[++index]!;
      let part: Token[] = [];
      const flush = () => {
        while (part.length > 0 && (isBreak(part.at(-1)!) || isBlank(part.at(-1)!))) part.pop();
        while (part.length > 0 && (isBreak(part[0]!) || isBlank(part[0]!))) part.shift();
        if (part.length === 0) return;
        const inline = new state.Token("inline", "", 0);
        inline.children = part;
        inline.content = "";
        inline.map = token.map;
        output.push(paragraphToken(state, "paragraph_open", 1), inline, paragraphToken(state, "paragraph_close", -1));
        part = [];
      };
      for (const line of lines) {
        part.push(...line.children);
        const preview = line.href && allowed.has(line.href) ? previews.get(line.href) : undefined;
        if (!preview) continue;
        flush();
        const card = new state.Token("link_preview", "aside", 0);
        card.meta = { url: line.href, preview };
        card.block = true;
        output.push(card);
      }
      flush();
      void close;
    }
    state.tokens = output;
  });
  md.renderer.rules.link_preview = (tokens, index) => {
    const { url, preview } = tokens[index]!.meta as { url: string; preview: LinkPreview };
    return previewHtml(md, url, preview);
  };
}

function paragraphToken(state: StateCore, type: "paragraph_open" | "paragraph_close", nesting: 1 | -1): Token {
  const token = new state.Token(type, "p", nesting);
  token.block = true;
  return token;
}

/** The card: every text escaped here, and the whole run through the sanitizer after. */
function previewHtml(md: MarkdownIt, url: string, preview: LinkPreview): string {
  const escape = md.utils.escapeHtml;
  const href = escape(url);
  const parts = ['<aside class="onebox">\n'];
  if (preview.siteName) parts.push(`<p class="onebox-site">${escape(preview.siteName)}</p>\n`);
  if (preview.image) {
    const { src, width, height } = preview.image;
    const size = width && height ? ` width="${width}" height="${height}"` : "";
    parts.push(`<img class="onebox-image" src="${escape(src)}" alt="" loading="lazy"${size}>\n`);
  }
  parts.push(`<p class="onebox-title"><a href="${href}">${escape(preview.title || url)}</a></p>\n`);
  if (preview.description) parts.push(`<p class="onebox-description">${escape(preview.description)}</p>\n`);
  parts.push("</aside>\n");
  return parts.join("");
}
