import { describe, expect, it } from "vitest";
import { toggleReaction } from "./reactions";

describe("toggleReaction", () => {
  it("adds the viewer's reaction in the set's order", () => {
    const before = [{ reaction: "love" as const, count: 2, reacted: false }];
    expect(toggleReaction(before, "like", true)).toEqual([
      { reaction: "like", count: 1, reacted: true },
      { reaction: "love", count: 2, reacted: false },
    ]);
    expect(toggleReaction(before, "love", true)).toEqual([{ reaction: "love", count: 3, reacted: true }]);
  });

  it("takes it back, dropping a count that reaches 0", () => {
    expect(toggleReaction([{ reaction: "wow", count: 1, reacted: true }], "wow", false)).toEqual([]);
    expect(toggleReaction([{ reaction: "wow", count: 4, reacted: true }], "wow", false)).toEqual([{ reaction: "wow", count: 3, reacted: false }]);
  });

  it("changes nothing when the viewer's reaction is already as asked", () => {
    const given = [{ reaction: "sad" as const, count: 1, reacted: true }];
    expect(toggleReaction(given, "sad", true)).toBe(given);
    expect(toggleReaction([], "sad", false)).toEqual([]);
  });
});
