import type { HighlightRange } from "@shared/types";

/**
 * ts_headline marks matches with these private-use characters (member text has them removed first),
 * so the server can turn its output into plain text plus ranges: no markup ever reaches a client.
 */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";
/**
 * ts_headline drops what its parser takes for HTML tags, so `<` is swapped for this character
 * before and back after (a control character: the parser takes it for a space, as it should).
 */
export const LESS_THAN_STAND_IN = "\u0001";

export interface HighlightedText {
  text: string;
  highlights: HighlightRange[];
}

/** Removes the markers, noting which `[start, end)` ranges of the remaining text they enclosed. */
export function parseMarkedText(marked: string): HighlightedText {
  let text = "";
  const highlights: HighlightRange[] = [];
  let openedAt: number | undefined;
  for (const char of marked) {
    if (char === MATCH_START) openedAt = text.length;
    else if (char === MATCH_END) {
      if (openedAt !== undefined && text.length > openedAt) highlights.push([openedAt, text.length]);
      openedAt = undefined;
    } else text += char === LESS_THAN_STAND_IN ? "<" : char;
  }
  return { text, highlights };
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
