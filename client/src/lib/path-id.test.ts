import { describe, expect, it } from "vitest";
import { parsePathId } from "./path-id";

describe("parsePathId", () => {
  it("reads a positive integer that fits the database", () => {
    expect(parsePathId("1")).toBe(1);
    expect(parsePathId("2147483647")).toBe(2_147_483_647);
  });
  it("names nothing otherwise", () => {
    for (const value of [undefined, "", "0", "-1", "1.5", "1e3", "abc", "2147483648", "99999999999"]) expect(parsePathId(value), value).toBeNull();
  });
});
