import { describe, expect, it } from "vitest";
import { truncate } from "./truncate";

describe("truncate", () => {
  it("keeps text up to the limit and cuts longer text with an ellipsis", () => {
    expect(truncate("a".repeat(60), 60)).toBe("a".repeat(60));
    expect(truncate("a".repeat(61), 60)).toBe(`${"a".repeat(60)}...`);
  });

  it("flattens line breaks and never splits an emoji", () => {
    expect(truncate("one\n\ntwo  three", 60)).toBe("one two three");
    expect(truncate("😀😀😀", 2)).toBe("😀😀...");
  });
});
