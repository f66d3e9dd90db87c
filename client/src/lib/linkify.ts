/** A piece of member-written text: plain text, or an http(s) link to show as an anchor. */
export type TextSegment = { type: "text"; text: string } | { type: "link"; text: string; href: string };

/** A run that starts with http:// or https:// and goes on until whitespace or a character that cannot be in a bare URL. */
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Characters that usually end a sentence rather than the address ("see https://x.org.", "(https://x.org)"). */
const TRAILING_PUNCTUATION = /[.,;:!?'"*_~]$/;
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
const BRACKETS = new Set([...Object.keys(CLOSERS), ...Object.values(CLOSERS)]);

/**
 * Drops trailing punctuation and closing brackets that have no opening partner inside the URL.
 * The bracket counts are kept while trimming, so a URL ending in thousands of `)` costs one pass,
 * not one recount per character (which froze readers' browsers on a crafted post).
 */
function trimUrl(candidate: string): string {
  const counts = new Map<string, number>();
  for (const character of candidate) {
    if (BRACKETS.has(character)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  let end = candidate.length;
  while (end > 0) {
    const last = candidate[end - 1]!;
    const opener = CLOSERS[last];
    if (TRAILING_PUNCTUATION.test(last)) {
      end--;
    } else if (opener !== undefined && counts.get(last)! > (counts.get(opener) ?? 0)) {
      counts.set(last, counts.get(last)! - 1);
      end--;
    } else {
      break;
    }
  }
  return candidate.slice(0, end);
}

/** The URL as an absolute http(s) address, or null when it does not parse or has no host. */
function toHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.hostname === "") return null;
    return parsed.href;
  } catch {
    return null;
  }
}

/**
 * Splits text into plain runs and http(s) links, in order; joining every segment's `text` gives the
 * input back unchanged. Nothing here is HTML: the caller renders each segment as text or as an anchor.
 */
export function splitLinks(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let plain = "";
  let position = 0;

  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    const href = toHref(url);
    if (href === null) continue; // stays part of the plain text
    plain += text.slice(position, start);
    if (plain) segments.push({ type: "text", text: plain });
    plain = "";
    segments.push({ type: "link", text: url, href });
    position = start + url.length;
  }

  plain += text.slice(position);
  if (plain) segments.push({ type: "text", text: plain });
  return segments;
}
