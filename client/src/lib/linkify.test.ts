import { describe, expect, it } from "vitest";
import { splitLinks, type TextSegment } from "./linkify";

const text = (value: string): TextSegment => ({ type: "text", text: value });
const link = (value: string, href = value): TextSegment => ({ type: "link", text: value, href });

describe("splitLinks", () => {
  it("gives plain text back as one segment, and nothing for an empty string", () => {
    expect(splitLinks("Hello there\nsecond line")).toEqual([text("Hello there\nsecond line")]);
    expect(splitLinks("")).toEqual([]);
  });

  it("finds http and https links between text, at the start and at the end", () => {
    expect(splitLinks("see https://example.org/a?b=1#c and http://x.io")).toEqual([
      text("see "),
      link("https://example.org/a?b=1#c"),
      text(" and "),
      link("http://x.io", "http://x.io/"),
    ]);
    expect(splitLinks("https://a.com/\nnext")).toEqual([link("https://a.com/"), text("\nnext")]);
  });

  it("leaves sentence punctuation and unbalanced closing brackets outside the link", () => {
    expect(splitLinks("Read https://example.org/page.")).toEqual([text("Read "), link("https://example.org/page"), text(".")]);
    expect(splitLinks("(https://example.org/x), ok?")).toEqual([text("("), link("https://example.org/x"), text("), ok?")]);
    expect(splitLinks("https://en.wikipedia.org/wiki/Foo_(bar)!")).toEqual([
      link("https://en.wikipedia.org/wiki/Foo_(bar)"),
      text("!"),
    ]);
  });

  it("links only http(s): other schemes and markup stay plain text", () => {
    const input = 'javascript:alert(1) ftp://x.org data:text/html,<b> <a href="https://evil.example">x</a>';
    const segments = splitLinks(input);
    expect(segments.map((segment) => segment.text).join("")).toBe(input);
    expect(segments.filter((segment) => segment.type === "link")).toEqual([link("https://evil.example", "https://evil.example/")]);
    expect(splitLinks("<script>alert(1)</script>")).toEqual([text("<script>alert(1)</script>")]);
  });

  it("ignores a scheme with no host and is case-insensitive about the scheme", () => {
    expect(splitLinks("broken https:// link")).toEqual([text("broken https:// link")]);
    expect(splitLinks("HTTPS://Example.org/Path")).toEqual([link("HTTPS://Example.org/Path", "https://example.org/Path")]);
  });

  it("always joins back to the input", () => {
    const input = "a https://x.y/z, b (http://q.r/s) c https://t.u/v?w=1. end";
    expect(splitLinks(input).map((segment) => segment.text).join("")).toBe(input);
  });
});

describe("splitLinks on crafted input", () => {
  // One recount of the brackets per trimmed character made these take seconds.
  it.each([
    ["closing brackets", `https://a.io/${")".repeat(200_000)}`],
    ["punctuation", `https://a.io/${".".repeat(200_000)}`],
    ["mixed", `https://a.io/${"(]".repeat(100_000)}`],
    ["many schemes", "http://".repeat(30_000)],
  ])("takes linear time: %s", (_name, input) => {
    const started = performance.now();
    const segments = splitLinks(input);
    expect(performance.now() - started).toBeLessThan(300);
    expect(segments.map((segment) => segment.text).join("")).toBe(input);
  });
});
