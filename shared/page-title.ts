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

/** A screen name (e.g. a topic title) is cut to this length in the page title. */
export const PAGE_TITLE_MAX_LENGTH = 100;

/**
 * `<screen> | <site name>`, the title of every page: the screen part stripped of markup, its spaces
 * collapsed and cut to the cap. The client sets it as screens change; the server writes it into the
 * page of /{username} for readers of the HTML alone (link previews, crawlers).
 */
export function pageTitle(screen: string, siteName: string): string {
  const plainScreen = stripTags(screen).replace(/\s+/g, " ").trim();
  return `${plainScreen.slice(0, PAGE_TITLE_MAX_LENGTH)} | ${siteName}`;
}
