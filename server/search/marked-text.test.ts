import { describe, expect, it } from "vitest";
import { clipAroundFirstHighlight, highlightedSource, MATCH_END, MATCH_START } from "./marked-text";

const mark = (word: string) => `${MATCH_START}${word}${MATCH_END}`;

describe("highlightedSource", () => {
  it("turns markers into ranges of the source's own text", () => {
    expect(highlightedSource("a big <b>cat</b>", `a ${mark("big")} \u0001b>${mark("cat")}\u0001/b>`)).toEqual({
      text: "a big <b>cat</b>",
      highlights: [[2, 5], [9, 12]],
    });
  });

  it("puts back what touches a fragment's first and last words, up to a space", () => {
    // ts_headline's fragment of `<b>word</b> tail` (its `<` given as the stand-in) leaves out the leading `<b>`.
    expect(highlightedSource("<b>word</b> tail", `${mark("word")}\u0001/b> tail`)).toEqual({ text: "<b>word</b> tail", highlights: [[3, 7]] });
    expect(highlightedSource('one two ("word") three', `two ("${mark("word")}`)).toEqual({ text: 'two ("word")', highlights: [[6, 10]] });
  });

  it("keeps the member's own markers and stand-ins, which ts_headline was given as stand-ins", () => {
    const source = `\u0001${MATCH_START}x${MATCH_END} word`;
    expect(highlightedSource(source, `\u0001\u0001x\u0001 ${mark("word")}`)).toEqual({ text: source, highlights: [[5, 9]] });
  });

  it("gives the source without ranges for output that is not a run of it", () => {
    expect(highlightedSource("a cat", `a ${mark("dog")}`)).toEqual({ text: "a cat", highlights: [] });
  });

  it("ignores empty and unbalanced markers", () => {
    expect(highlightedSource("x", `${MATCH_START}${MATCH_END}x${MATCH_END}`)).toEqual({ text: "x", highlights: [] });
  });
});

describe("clipAroundFirstHighlight", () => {
  it("keeps short text whole, trimmed", () => {
    expect(clipAroundFirstHighlight({ text: "  hello world ", highlights: [[8, 13]] }, 240)).toEqual({ text: "hello world", highlights: [[6, 11]] });
  });

  it("cuts long text around the first match, at spaces, and moves the ranges", () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    const text = words.join(" ");
    const at = text.indexOf("w150");
    const clipped = clipAroundFirstHighlight({ text, highlights: [[at, at + 4]] }, 60);
    expect(clipped.text.length).toBeLessThanOrEqual(60);
    expect(clipped.text).not.toMatch(/^\s|\s$/);
    const [[from, to]] = clipped.highlights as [[number, number]];
    expect(clipped.text.slice(from, to)).toBe("w150");
    expect(text).toContain(clipped.text);
    expect(clipped.text.startsWith("w")).toBe(true);
  });
});
