import { describe, expect, it } from "vitest";
import { bioCardUpdateSchema } from "./bio";
import { toValidationIssues } from "./errors";

describe("toValidationIssues", () => {
  it("lists each issue with a dotted path", () => {
    const result = bioCardUpdateSchema.safeParse({ visibleBadges: ["owner", "king"], boxWidth: 10 });
    expect(result.success).toBe(false);
    expect(toValidationIssues(result.error!)).toEqual([
      { path: "boxWidth", message: "Box width must be between 400 and 1500" },
      { path: "visibleBadges.1", message: "Invalid badge type" },
    ]);
  });
});
