/**
 * Emoji shortcodes (docs/product.md "Rich content"): the names GitHub and Discourse use (`:tada:`,
 * `:+1:`), from emojibase's GitHub shortcodes, each the emoji as emojibase writes it (with its
 * variation selector). The server turns them into emoji when it renders; the composers suggest them
 * and the picker lists them. Both sides build the same list from the same two files.
 */
export interface EmojiEntry {
  /** The emoji itself. */
  emoji: string;
  /** Its shortcodes, the first the usual one. */
  shortcodes: string[];
  /** Its name in words. */
  label: string;
  /** Emojibase's group (0 smileys … 9 flags); 2 (components) is left out. */
  group: number;
}

export interface CompactEmoji {
  hexcode: string;
  unicode: string;
  label: string;
  group?: number;
  order?: number;
}

export type ShortcodeData = Record<string, string | string[]>;

/** A shortcode as written between colons. */
export const SHORTCODE = /:([a-z0-9_+-]{1,40}):/g;

/** The emoji with GitHub shortcodes, in emojibase's order. */
export function emojiEntries(compact: CompactEmoji[], github: ShortcodeData): EmojiEntry[] {
  return compact
    .filter((entry) => github[entry.hexcode] !== undefined && entry.group !== undefined && entry.group !== 2)
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((entry) => {
      const codes = github[entry.hexcode]!;
      return { emoji: entry.unicode, shortcodes: Array.isArray(codes) ? codes : [codes], label: entry.label, group: entry.group! };
    });
}

/** Shortcode → emoji. */
export function shortcodeMap(entries: EmojiEntry[]): Map<string, string> {
  return new Map(entries.flatMap((entry) => entry.shortcodes.map((code) => [code, entry.emoji] as const)));
}

/** `text` with every known `:shortcode:` as its emoji; unknown ones stay as written. */
export function replaceShortcodes(text: string, shortcodes: ReadonlyMap<string, string>): string {
  if (!text.includes(":")) return text;
  return text.replace(SHORTCODE, (whole, code: string) => shortcodes.get(code) ?? whole);
}
