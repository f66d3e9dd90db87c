/**
 * Removes `<...>` runs, as `text.replace(/<[^>]*>/g, "")` would, in one pass: that pattern rescans
 * the rest of the text from every `<` that has no `>` after it.
 */
export function stripTags(text: string): string {
  let result = "";
  let position = 0;
  for (;;) {
    const open = text.indexOf("<", position);
    const close = open === -1 ? -1 : text.indexOf(">", open + 1);
    if (close === -1) return result + text.slice(position);
    result += text.slice(position, open);
    position = close + 1;
  }
}
