import { describe, expect, it } from "vitest";
import { tiltAngles, tiltTransform } from "./tilt-transform";

describe("card tilt", () => {
  it("is flat in the middle and at most 10 degrees at the edges", () => {
    expect(tiltAngles(0.5, 0.5)).toEqual({ rotateX: 0, rotateY: 0 });
    expect(tiltAngles(1, 0)).toEqual({ rotateX: 10, rotateY: 10 });
    expect(tiltAngles(0, 1)).toEqual({ rotateX: -10, rotateY: -10 });
    expect(tiltAngles(3, -2)).toEqual({ rotateX: 10, rotateY: 10 });
    expect(tiltAngles(0.75, 0.5)).toEqual({ rotateX: 0, rotateY: 5 });
  });

  it("scales the hovered card by 1.05", () => {
    expect(tiltTransform(0.5, 0.5)).toBe("perspective(1200px) rotateX(0.00deg) rotateY(0.00deg) scale(1.05)");
  });
});
