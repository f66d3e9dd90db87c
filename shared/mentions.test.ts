import { describe, expect, it } from "vitest";
import { MAX_MENTIONS_PER_TEXT, mentionedUsernames, splitMentions } from "./mentions";

describe("mentions", () => {
  it("finds @usernames, lower-cased and once each", () => {
    expect(mentionedUsernames("hi @Alice and @bob_1, @alice again (@carol-x)")).toEqual(["alice", "bob_1", "carol-x"]);
  });

  it("skips e-mail addresses, too short or too long names", () => {
    expect(mentionedUsernames("mail me@example.com, @ab, @abcdefghijklmnopqrstu, @@dave")).toEqual([]);
  });

  it("keeps at most 20 names", () => {
    const text = Array.from({ length: 30 }, (_, i) => `@user${i}`).join(" ");
    expect(mentionedUsernames(text)).toHaveLength(MAX_MENTIONS_PER_TEXT);
  });

  it("splits text into plain and mention parts that join back to it", () => {
    const text = "Thanks @Alice!\nSee <b>@bob</b>";
    const parts = splitMentions(text);
    expect(parts).toEqual([
      { text: "Thanks " },
      { text: "@Alice", mention: "Alice" },
      { text: "!\nSee <b>" },
      { text: "@bob", mention: "bob" },
      { text: "</b>" },
    ]);
    expect(parts.map((part) => part.text).join("")).toBe(text);
  });
});
