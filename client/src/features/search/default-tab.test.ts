import { describe, expect, it } from "vitest";
import { defaultSearchTab } from "./default-tab";

describe("defaultSearchTab", () => {
  it("opens on the first tab with results: Posts, then Topics, then Members", () => {
    expect(defaultSearchTab({ counts: { posts: 3, topics: 5, members: 1 } })).toBe("posts");
    expect(defaultSearchTab({ counts: { posts: 0, topics: 2, members: 9 } })).toBe("topics");
    expect(defaultSearchTab({ counts: { posts: 0, topics: 0, members: 1 } })).toBe("members");
  });

  it("opens on Posts when nothing is found", () => {
    expect(defaultSearchTab({ counts: { posts: 0, topics: 0, members: 0 } })).toBe("posts");
  });
});
