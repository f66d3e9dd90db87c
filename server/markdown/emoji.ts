import { createRequire } from "node:module";
import type { MarkdownIt } from "markdown-it";
import { emojiEntries, replaceShortcodes, shortcodeMap, type CompactEmoji, type ShortcodeData } from "@shared/emoji";

const require = createRequire(import.meta.url);

/** Shortcode → emoji, read once from emojibase's data (shared/emoji.ts). */
export const SHORTCODES = shortcodeMap(
  emojiEntries(require("emojibase-data/en/compact.json") as CompactEmoji[], require("emojibase-data/en/shortcodes/github.json") as ShortcodeData),
);

/** `:shortcode:` in text (never in code, whose tokens are not text) becomes its Unicode emoji. */
export function renderShortcodes(md: MarkdownIt): void {
  md.core.ruler.push("emoji_shortcodes", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      let linkDepth = 0;
      for (const token of block.children) {
        if (token.type === "link_open") linkDepth += 1;
        if (token.type === "link_close") linkDepth -= 1;
        // A URL's own text stays as written.
        if (token.type === "text" && !(linkDepth > 0 && token.content.includes("://"))) token.content = replaceShortcodes(token.content, SHORTCODES);
      }
    }
  });
}
