import type { Token } from "markdown-it";

/** Closing a block starts a new line in the plain text; closing a table cell leaves a space. */
const LINE_ENDING_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "blockquote"]);

/**
 * The text of a run of inline tokens as it reads: an image reads as its description, itself
 * rendered (`![foo *bar*](…)` reads "foo bar"), never its source's marks. Inside an image's
 * description escapes and entities are still `text_special` (the core joins them only at the top).
 */
export function inlinePlainText(children: Token[]): string {
  return children
    .map((child) => {
      if (child.type === "text" || child.type === "text_special" || child.type === "code_inline") return child.content;
      if (child.type === "image") return inlinePlainText(child.children ?? []);
      if (child.type === "softbreak" || child.type === "hardbreak") return "\n";
      return "";
    })
    .join("");
}

/** What a reader reads, without Markdown marks: text, code and image descriptions, a line per block. */
export function plainTextOf(tokens: Token[]): string {
  const parts = tokens.map((token) => {
    if (token.type === "inline") return inlinePlainText(token.children ?? []);
    if (token.type === "fence" || token.type === "code_block") return `${token.content}\n`;
    if (token.nesting === -1 && (token.tag === "td" || token.tag === "th")) return " ";
    if (token.nesting === -1 && LINE_ENDING_BLOCKS.has(token.tag)) return "\n";
    if (token.type === "hr") return "\n";
    return "";
  });
  return parts
    .join("")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{2,}/g, "\n")
    .trim();
}
