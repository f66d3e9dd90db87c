import { describe, expect, it } from "vitest";
import { addTag } from "./tag-input";

describe("addTag", () => {
  it("adds a tag lowercased and trimmed, as the server stores it", () => {
    expect(addTag(["help"], "  Rust-Lang ")).toEqual({ tags: ["help", "rust-lang"] });
  });

  it("leaves out a repeat and ignores blank input", () => {
    expect(addTag(["rust"], "RUST")).toEqual({ tags: ["rust"] });
    expect(addTag(["rust"], "   ")).toEqual({ tags: ["rust"] });
  });

  it("refuses a tag the server would refuse, saying why", () => {
    expect(addTag([], "-dash").error).toBe("A tag is letters, digits and dashes, starting with a letter or digit");
    expect(addTag([], "two words").error).toBeDefined();
    expect(addTag([], "x".repeat(31)).error).toBeDefined();
  });

  it("stops at five tags", () => {
    expect(addTag(["a", "b", "c", "d", "e"], "f")).toEqual({ tags: ["a", "b", "c", "d", "e"], error: "At most 5 tags" });
  });
});
