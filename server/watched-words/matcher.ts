import { CENSORED_MARK, watchedWordKey, type WatchedWordAction } from "@shared/watched-words";

/**
 * The watched-words matcher (docs/product.md "Watched words", docs/decisions/064): pure, compiled
 * once from the list, then asked of every text written. A word matches whole words only, ignoring
 * case and accents (`Spamword`, `spamwórd`); `*` stands for any run of letters or digits inside a
 * word (`spam*` matches `spammer`); a phrase matches its words with any spaces between them.
 */

export interface WatchedWordEntry {
  word: string;
  action: WatchedWordAction;
}

/** A match: the watched word (as listed), and the text as written where it matched. */
export interface WordMatch {
  word: string;
  matched: string;
}

export interface WordMatcher {
  /** The first blocked word in any of the texts, or null. */
  blocked(...texts: string[]): WordMatch | null;
  /** The first word of action `flag` in any of the texts, or null. */
  flagged(...texts: string[]): WordMatch | null;
  /** The text with every censored word replaced by ■■■. */
  censor(text: string): string;
  /** censor for HTML: only the text between tags changes (the markup and its attributes stay). */
  censorHtml(html: string): string;
  /** Whether the list has any word of action `censor` (nothing to do otherwise). */
  readonly censors: boolean;
}

const WORD_CHAR = "[\\p{L}\\p{N}_]";

/** One word's pattern, on its compared form: `*` any letters or digits, a space any spaces. */
function patternOf(key: string): string {
  return key
    .split(/\s+/)
    .map((part) =>
      part
        .split("*")
        .map((piece) => piece.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"))
        .join(`${WORD_CHAR}*`),
    )
    .join("\\s+");
}

/**
 * The text in compared form (NFD, marks removed, lower case), with where each of its UTF-16 units
 * came from in the original: a match in the compared text is cut from the original by `origin`.
 */
function comparedForm(text: string): { compared: string; origin: number[] } {
  let compared = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const folded = char.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    compared += folded;
    for (let unit = 0; unit < folded.length; unit++) origin.push(index);
    index += char.length;
  }
  origin.push(text.length);
  return { compared, origin };
}

/** One action's words as one expression, a group per word (the group tells which word matched). */
class ActionPattern {
  private readonly regex: RegExp | null;

  constructor(private readonly words: string[]) {
    const keys = words.map(watchedWordKey);
    this.regex = keys.length === 0 ? null : new RegExp(`(?<!${WORD_CHAR})(?:${keys.map((key) => `(${patternOf(key)})`).join("|")})(?!${WORD_CHAR})`, "gu");
  }

  /** Every match in `text`, in order: the word and the original text's range. */
  *matches(text: string): Generator<WordMatch & { start: number; end: number }> {
    if (!this.regex || text === "") return;
    const { compared, origin } = comparedForm(text);
    this.regex.lastIndex = 0;
    for (const found of compared.matchAll(this.regex)) {
      if (found[0] === "") continue;
      const group = found.findIndex((value, position) => position > 0 && value !== undefined);
      const start = origin[found.index]!;
      // The end is where the next compared unit came from: marks written apart stay with their letter.
      const end = origin[found.index + found[0].length]!;
      yield { word: this.words[group - 1]!, matched: text.slice(start, end), start, end };
    }
  }

  first(texts: string[]): WordMatch | null {
    for (const text of texts) {
      for (const { word, matched } of this.matches(text)) return { word, matched };
    }
    return null;
  }

  replace(text: string): string {
    let out = "";
    let at = 0;
    for (const { start, end } of this.matches(text)) {
      out += text.slice(at, start) + CENSORED_MARK;
      at = end;
    }
    return at === 0 ? text : out + text.slice(at);
  }
}

/** Compiles the list: one expression per action. */
export function compileWatchedWords(entries: readonly WatchedWordEntry[]): WordMatcher {
  const of = (action: WatchedWordAction) => new ActionPattern(entries.filter((entry) => entry.action === action).map((entry) => entry.word));
  const block = of("block");
  const flag = of("flag");
  const censor = of("censor");
  const censors = entries.some((entry) => entry.action === "censor");
  return {
    blocked: (...texts) => block.first(texts),
    flagged: (...texts) => flag.first(texts),
    censor: (text) => (censors ? censor.replace(text) : text),
    // Tags and character references (`&amp;`) are left whole; the text between them is censored.
    censorHtml: (html) => (censors ? html.split(/(<[^>]*>|&#?\w+;)/).map((part, index) => (index % 2 === 1 ? part : censor.replace(part))).join("") : html),
    censors,
  };
}

/** The empty list: nothing blocked, flagged or censored. */
export const NO_WATCHED_WORDS: WordMatcher = compileWatchedWords([]);
