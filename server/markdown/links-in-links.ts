import type { MarkdownIt, Token } from "markdown-it";
import { contextOf } from "./context";
import { inlinePlainText } from "./plain-text";

type TokenClass = new (type: string, tag: string, nesting: Token["nesting"]) => Token;

/**
 * A link holds no other link: inside one, an image that will not show (not the author's own upload,
 * so it would become a link to its source) becomes its text, and an autolink (`<https://…>`) its
 * text, so the badge pattern `[![build](https://ci.example/badge.svg)](https://ci.example/job)` is one
 * link to the job reading "build". The author's own image stays an image inside the link. A link
 * left with no text by an image without a description reads as where it goes.
 */
export function keepLinksUnnested(md: MarkdownIt): void {
  md.core.ruler.push("links_in_links", (state) => {
    const { ownImages } = contextOf(state.env);
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      block.children = unnest(block.children, ownImages, state.Token);
    }
  });
}

function unnest(children: Token[], ownImages: ReadonlyMap<string, unknown>, TokenOf: TokenClass): Token[] {
  const output: Token[] = [];
  let depth = 0;
  let outer: { open: Token; imageText: Token | null; shows: boolean } | null = null;
  for (const token of children) {
    if (token.type === "link_open") {
      depth += 1;
      if (depth === 1) {
        outer = { open: token, imageText: null, shows: false };
        output.push(token);
      }
      continue;
    }
    if (token.type === "link_close") {
      depth -= 1;
      if (depth > 0) continue;
      if (outer && !outer.shows && outer.imageText) outer.imageText.content = String(outer.open.attrGet("href") ?? "");
      outer = null;
      output.push(token);
      continue;
    }
    if (outer && token.type === "image" && !ownImages.has(String(token.attrGet("src") ?? ""))) {
      const text = new TokenOf("text", "", 0);
      text.content = inlinePlainText(token.children ?? []);
      outer.imageText ??= text;
      outer.shows ||= text.content !== "";
      output.push(text);
      continue;
    }
    if (outer && (token.type === "image" || token.type === "code_inline" || (token.type === "text" && token.content !== ""))) outer.shows = true;
    output.push(token);
  }
  return output;
}
