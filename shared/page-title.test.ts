import { describe, expect, it } from "vitest";
import { pageTitle, stripTags } from "./page-title";

describe("stripTags", () => {
  it.each(["plain", "<b>bold</b> text", "a < b > c", "x<y", "<<a>>", "tail <", ">", ""])("matches the tag pattern on %j", (input) => {
    expect(stripTags(input)).toBe(input.replace(/<[^>]*>/g, ""));
  });

  it("takes linear time on a run of `<`", () => {
    const started = performance.now();
    expect(stripTags("<".repeat(200_000))).toHaveLength(200_000);
    expect(performance.now() - started).toBeLessThan(300);
  });
});

describe("pageTitle", () => {
  it("is the screen without markup, its spaces collapsed and cut to 100 characters, then the site", () => {
    expect(pageTitle("  Ada <b>Lovelace</b>\n poet ", "Enclave")).toBe("Ada Lovelace poet | Enclave");
    expect(pageTitle("x".repeat(150), "Club")).toBe(`${"x".repeat(100)} | Club`);
  });
});
