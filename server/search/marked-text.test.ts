import { describe, expect, it } from "vitest";
import { clipAroundFirstHighlight, MATCH_END, MATCH_START, parseMarkedText } from "./marked-text";

const mark = (word: string) => `${MATCH_START}${word}${MATCH_END}`;

describe("parseMarkedText", () => {
  it("turns markers into ranges of the plain text", () => {
    expect(parseMarkedText(`a ${mark("big")} <b>${mark("cat")}</b>`)).toEqual({ text: "a big <b>cat</b>", highlights: [[2, 5], [9, 12]] });
  });

  it("puts back the stand-in for <", () => {
    expect(parseMarkedText(`\u0001b>${mark("x")}`)).toEqual({ text: "<b>x", highlights: [[3, 4]] });
  });

  it("ignores empty and unbalanced markers", () => {
    expect(parseMarkedText(`${MATCH_START}${MATCH_END}x${MATCH_END}`)).toEqual({ text: "x", highlights: [] });
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
