import { describe, expect, it } from "vitest";
import { fromLocalInput, toLocalInput } from "./schedule-input";

describe("schedule inputs", () => {
  it("round-trips an instant through the local input's value, to the minute", () => {
    const iso = new Date(2030, 0, 2, 9, 5).toISOString();
    expect(toLocalInput(iso)).toBe("2030-01-02T09:05");
    expect(fromLocalInput("2030-01-02T09:05")).toBe(iso);
  });

  it("treats an empty or unreadable value as no end", () => {
    expect(toLocalInput(null)).toBe("");
    expect(fromLocalInput("")).toBeNull();
    expect(fromLocalInput("not a date")).toBeNull();
  });
});
