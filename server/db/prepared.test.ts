import { describe, expect, it } from "vitest";
import { preparedPageQuery } from "./prepared";

describe("preparedPageQuery", () => {
  it("prepares one statement per page size, whatever sizes are asked for, and answers exactly the rows asked", async () => {
    const prepared: number[] = [];
    const page = preparedPageQuery((_db: object, size: number) => {
      prepared.push(size);
      // Stands in for the database: a statement of `size` returns that many rows.
      return { execute: async () => Array.from({ length: size }, (_, index) => index) };
    });
    const db = {};
    for (let limit = 1; limit <= 100; limit++) {
      const rows = await page(db, limit, {});
      expect(rows).toEqual(Array.from({ length: limit }, (_, index) => index));
    }
    expect(prepared).toEqual([10, 20, 50, 100]);
    // Another connection (or transaction) gets statements of its own.
    await page({}, 7, {});
    expect(prepared).toEqual([10, 20, 50, 100, 10]);
  });

  it("refuses a page size outside 1 to 100 instead of preparing a statement for it", async () => {
    const page = preparedPageQuery((_db: object, size: number) => ({ execute: async () => Array.from({ length: size }, () => 0) }));
    for (const limit of [0, -3, 101, 1.5]) await expect(page({}, limit, {})).rejects.toThrow(RangeError);
  });
});
