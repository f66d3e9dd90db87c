import type { MarkdownIt } from "markdown-it";

const ALIGNMENT = /^text-align:(left|center|right)$/;

/**
 * A table column's alignment (`:--`, `:-:`, `--:`) kept as `align` on its `th`/`td` rather than the
 * `style` markdown-it writes: member text carries no `style`, and the sanitizer lets `align` through
 * with these three values only.
 */
export function alignTableCells(md: MarkdownIt): void {
  md.core.ruler.push("table_alignment", (state) => {
    for (const token of state.tokens) {
      if (token.type !== "th_open" && token.type !== "td_open") continue;
      const align = ALIGNMENT.exec(String(token.attrGet("style") ?? ""))?.[1];
      token.attrs = align ? [["align", align]] : null;
    }
  });
}
