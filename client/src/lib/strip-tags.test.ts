import { describe, expect, it } from "vitest";
import { stripTags } from "./strip-tags";

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
