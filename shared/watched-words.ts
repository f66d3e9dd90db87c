/** Watched words (docs/product.md "Watched words"): what administrators list, and what the server does with them. */

export const WATCHED_WORD_ACTIONS = ["block", "flag", "censor"] as const;
export type WatchedWordAction = (typeof WATCHED_WORD_ACTIONS)[number];
export const WATCHED_WORD_ACTION_LABELS: Record<WatchedWordAction, string> = {
  block: "Block",
  flag: "Flag for review",
  censor: "Censor",
};
export const WATCHED_WORD_ACTION_HINTS: Record<WatchedWordAction, string> = {
  block: "The text is refused with the word named.",
  flag: "The text is posted and goes to the review queue at once.",
  censor: "Readers see ■■■ instead of the word; its author and staff keep the source.",
};

/** A watched word or phrase, as typed (trimmed, inner spaces made one). */
export const WATCHED_WORD_MAX_LENGTH = 100;
/** How many words the list holds at most (each is part of one compiled expression per action). */
export const WATCHED_WORDS_MAX = 2000;
/** What a censored word reads as, in html and plain text. */
export const CENSORED_MARK = "■■■";

/** The 400 of a write containing a blocked word; `word` is the text as the member wrote it. */
export const blockedWordMessage = (word: string) => `Your post contains a word that is not allowed: ${word}`;
export const WATCHED_WORD_TAKEN = "That word is already watched";
export const WATCHED_WORD_NOT_FOUND = "Watched word not found";
export const WATCHED_WORDS_FULL = `At most ${WATCHED_WORDS_MAX} watched words`;

/**
 * The form in which words are compared: decomposed (NFD), combining marks removed, lower case,
 * spaces made one. Two watched words with the same key are the same word (`Spamwórd` = `spamword`).
 */
export function watchedWordKey(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim().replace(/\s+/g, " ");
}
