import { emojiEntries, type CompactEmoji, type EmojiEntry, type ShortcodeData } from "@shared/emoji";

let loading: Promise<EmojiEntry[]> | undefined;

/**
 * The emoji with their shortcodes (shared/emoji.ts), loaded once, on first use: emojibase's data is a
 * chunk of its own, never part of a screen's first load (docs/decisions/060).
 */
export function loadEmoji(): Promise<EmojiEntry[]> {
  loading ??= Promise.all([import("emojibase-data/en/compact.json"), import("emojibase-data/en/shortcodes/github.json")]).then(([compact, github]) =>
    emojiEntries(compact.default as CompactEmoji[], github.default as ShortcodeData),
  );
  return loading;
}

/** Emoji whose shortcode starts with `query` (then those that contain it, or whose name does), the first `limit`. */
export function searchEmoji(entries: EmojiEntry[], query: string, limit: number): EmojiEntry[] {
  const text = query.toLowerCase();
  const starts = entries.filter((entry) => entry.shortcodes.some((code) => code.startsWith(text)));
  if (starts.length >= limit) return starts.slice(0, limit);
  const rest = entries.filter((entry) => !starts.includes(entry) && (entry.shortcodes.some((code) => code.includes(text)) || entry.label.toLowerCase().includes(text)));
  return [...starts, ...rest].slice(0, limit);
}
