// `@username` in posts and comments: found the same way for linking them in the rendered Markdown
// (server/markdown/mentions.ts), for telling who is named (server/markdown/mentioned.ts) and for the
// composer's suggestions. Linear time: one pass of a regular expression without backtracking.
import { TEXT_LIMITS, USERNAME_CHARACTERS } from "./constants";

/** Distinct usernames a text names, lower-cased, at most this many (more are not notified). */
export const MAX_MENTIONS_PER_TEXT = 20;

/**
 * `@` not preceded by a username character (so `me@example.com` is no mention), then a username
 * (3-20 of letters, digits, `_`, `-`). A longer run is not a mention of its first 20 characters.
 */
const MENTION = new RegExp(
  `(?<![@${USERNAME_CHARACTERS}])@([${USERNAME_CHARACTERS}]{${TEXT_LIMITS.usernameMin},${TEXT_LIMITS.usernameMax}})(?![${USERNAME_CHARACTERS}])`,
  "g",
);

/** Most texts have no `@`: finding that is about 30 times cheaper than running MENTION over them. */
const mayMention = (text: string) => text.includes("@");

export interface TextPart {
  text: string;
  /** The username when this part is `@username`. */
  mention?: string;
}

/** The text cut into plain parts and `@username` parts, in order. */
export function splitMentions(text: string): TextPart[] {
  if (!mayMention(text)) return text ? [{ text }] : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], mention: match[1]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The distinct usernames mentioned, lower-cased, first MAX_MENTIONS_PER_TEXT. */
export function mentionedUsernames(text: string): string[] {
  if (!mayMention(text)) return [];
  const names = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    names.add(match[1]!.toLowerCase());
    if (names.size === MAX_MENTIONS_PER_TEXT) break;
  }
  return [...names];
}
