import type { HighlightRange } from "@shared/types";

/**
 * ts_headline marks matches with these private-use characters, so the server can turn its output
 * into ranges: no markup ever reaches a client.
 */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";
/**
 * What ts_headline must not be given as it is: `<` (it drops what its parser takes for an HTML tag)
 * and the markers (a member's own would fake a match). Each is swapped for the stand-in, a control
 * character the parser takes for a space, one character for one, so positions in the text given to
 * ts_headline are positions in the member's text.
 */
export const HEADLINE_SWAPPED = `<${MATCH_START}${MATCH_END}`;
export const HEADLINE_STAND_INS = "\u0001".repeat(HEADLINE_SWAPPED.length);

const SWAPPED = new RegExp(`[${HEADLINE_SWAPPED}]`, "g");
/** The text as ts_headline is given it (in SQL: `translate(text, HEADLINE_SWAPPED, HEADLINE_STAND_INS)`). */
export const headlineInput = (text: string) => text.replace(SWAPPED, HEADLINE_STAND_INS[0]!);

export interface HighlightedText {
  text: string;
  highlights: HighlightRange[];
}

/**
 * The part of `source` that ts_headline's output `marked` shows, taken from `source` itself (so the
 * text is exactly the member's), with the marked matches as `[start, end)` ranges into it. Without
 * its markers the output is a run of the text ts_headline was given (one fragment, or all of it);
 * a fragment starts and ends at a word, so the characters touching it up to the next space on
 * either side (`(`, `"`, a literal `<b>`) are put back.
 */
export function highlightedSource(source: string, marked: string): HighlightedText {
  let shown = "";
  const highlights: HighlightRange[] = [];
  let openedAt: number | undefined;
  for (const char of marked) {
    if (char === MATCH_START) openedAt = shown.length;
    else if (char === MATCH_END) {
      if (openedAt !== undefined && shown.length > openedAt) highlights.push([openedAt, shown.length]);
      openedAt = undefined;
    } else shown += char;
  }
  const at = headlineInput(source).indexOf(shown);
  // Not a run of the text: never seen; the text without ranges rather than a failed search.
  if (at === -1) return { text: source, highlights: [] };
  let start = at;
  let end = at + shown.length;
  while (start > 0 && !/\s/.test(source[start - 1]!)) start--;
  while (end < source.length && !/\s/.test(source[end]!)) end++;
  return { text: source.slice(start, end), highlights: highlights.map(([from, to]) => [from + at - start, to + at - start]) };
}

/**
 * At most `max` characters around the first highlight, cut at spaces where possible, with the
 * ranges moved along (a range the cut would split is dropped).
 */
export function clipAroundFirstHighlight({ text, highlights }: HighlightedText, max: number): HighlightedText {
  const trimmed = text.trim();
  const lead = text.indexOf(trimmed);
  if (trimmed.length <= max) return shift(trimmed, highlights, lead, lead + trimmed.length);
  const [firstStart, firstEnd] = highlights[0] ?? [lead, lead];
  // Show some context before the match: a third of the room left beside it.
  let start = Math.max(lead, Math.min(firstStart - Math.floor((max - (firstEnd - firstStart)) / 3), lead + trimmed.length - max));
  if (start > lead) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < firstStart) start = space + 1;
  }
  let end = Math.min(lead + trimmed.length, start + max);
  if (end < lead + trimmed.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > Math.max(start, firstEnd)) end = space;
  }
  return shift(text.slice(start, end), highlights, start, end);
}

function shift(text: string, highlights: HighlightRange[], start: number, end: number): HighlightedText {
  return {
    text,
    highlights: highlights.filter(([from, to]) => from >= start && to <= end).map(([from, to]) => [from - start, to - start]),
  };
}
