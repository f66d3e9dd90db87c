import { describe, expect, it } from "vitest";
import { badgeCount, countLabel } from "./count-label";

describe("countLabel", () => {
  it("uses the singular only for exactly one and groups thousands", () => {
    expect(countLabel(0, "post")).toBe("0 posts");
    expect(countLabel(1, "post")).toBe("1 post");
    expect(countLabel(1204, "post")).toBe("1,204 posts");
    expect(countLabel(2, "reply", "replies")).toBe("2 replies");
  });

  it("caps a badge at 99+", () => {
    expect([0, 7, 99, 100, 5000].map(badgeCount)).toEqual(["0", "7", "99", "99+", "99+"]);
  });
});
