import { describe, expect, it } from "vitest";
import { quoteMarkdown } from "./quote-target";

describe("quoteMarkdown", () => {
  it("quotes every line under a heading with the author and a link to the post", () => {
    expect(quoteMarkdown({ author: "alice", topicId: 5, postId: 12, text: "First line\n\nSecond line\n" })).toBe(
      "> **@alice** [wrote](/topic/5?post=12):\n>\n> First line\n>\n> Second line",
    );
  });

  it("names a deleted author as Deleted member, mentioning nobody", () => {
    expect(quoteMarkdown({ author: null, topicId: 5, postId: 12, text: "Kept" })).toBe("> **Deleted member** [wrote](/topic/5?post=12):\n>\n> Kept");
  });
});
