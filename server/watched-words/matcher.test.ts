import { describe, expect, it } from "vitest";
import { compileWatchedWords, NO_WATCHED_WORDS } from "./matcher";

const words = compileWatchedWords([
  { word: "spamword", action: "block" },
  { word: "Crème brûlée", action: "block" },
  { word: "spam*", action: "flag" },
  { word: "darn", action: "censor" },
  { word: "d*mn", action: "censor" },
  { word: "amp", action: "censor" },
]);

describe("watched words matcher", () => {
  it("matches whole words, ignoring case and accents", () => {
    expect(words.blocked("Buy Spamword now")).toEqual({ word: "spamword", matched: "Spamword" });
    expect(words.blocked("buy spamwórd")).toEqual({ word: "spamword", matched: "spamwórd" });
    // Already decomposed: the combining mark stays with its letter.
    expect(words.blocked("SPAMWO\u0301RD!")).toEqual({ word: "spamword", matched: "SPAMWO\u0301RD" });
    expect(words.blocked("spamwords and myspamword are other words")).toBeNull();
    expect(words.blocked("nothing here", "but spamword here")?.matched).toBe("spamword");
  });

  it("matches phrases with any spaces between their words", () => {
    expect(words.blocked("I love creme   BRULEE.")).toEqual({ word: "Crème brûlée", matched: "creme   BRULEE" });
    expect(words.blocked("creme and brulee")).toBeNull();
  });

  it("takes * as any letters or digits inside one word", () => {
    expect(words.flagged("the spammer")).toEqual({ word: "spam*", matched: "spammer" });
    expect(words.flagged("Spam")).toEqual({ word: "spam*", matched: "Spam" });
    expect(words.flagged("antispam")).toBeNull();
    expect(words.censor("damn, dAaamn and dmn")).toBe("■■■, ■■■ and ■■■");
    expect(words.censor("d mn")).toBe("d mn");
  });

  it("censors every occurrence and leaves the rest", () => {
    expect(words.censor("Darn it, DÁRN. darnit")).toBe("■■■ it, ■■■. darnit");
    expect(words.censor("nothing")).toBe("nothing");
  });

  it("censors HTML text only: tags, attributes and character references stay", () => {
    expect(words.censorHtml('<p class="darn">darn <a href="/darn">Darn</a> &amp; amp</p>')).toBe('<p class="darn">■■■ <a href="/darn">■■■</a> &amp; ■■■</p>');
  });

  it("treats regular-expression characters in a word literally", () => {
    const dotted = compileWatchedWords([{ word: "a.b", action: "block" }, { word: "c+", action: "block" }]);
    expect(dotted.blocked("axb")).toBeNull();
    expect(dotted.blocked("say a.b now")?.word).toBe("a.b");
  });

  it("an empty list matches nothing", () => {
    expect(NO_WATCHED_WORDS.blocked("spamword")).toBeNull();
    expect(NO_WATCHED_WORDS.censor("darn")).toBe("darn");
    expect(NO_WATCHED_WORDS.censors).toBe(false);
  });
});
