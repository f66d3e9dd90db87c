import { describe, expect, it } from "vitest";
import { formatTrackTime, fractionFromClick, progressFraction, seekTimeFromClick, volumeFromClick } from "./player-math";

const bar = { left: 100, width: 200 };

describe("track player math", () => {
  it("sets the volume from where the bar was clicked, between 0 and 1", () => {
    expect(volumeFromClick(100, bar)).toBe(0);
    expect(volumeFromClick(150, bar)).toBe(0.25);
    expect(volumeFromClick(200, bar)).toBe(0.5);
    expect(volumeFromClick(300, bar)).toBe(1);
    expect(volumeFromClick(40, bar)).toBe(0);
    expect(volumeFromClick(999, bar)).toBe(1);
  });

  it("survives a bar without width", () => {
    expect(fractionFromClick(50, { left: 0, width: 0 })).toBe(0);
    expect(fractionFromClick(Number.NaN, bar)).toBe(0);
  });

  it("seeks in proportion to the track's length", () => {
    expect(seekTimeFromClick(200, bar, 180)).toBe(90);
    expect(seekTimeFromClick(300, bar, 180)).toBe(180);
    expect(seekTimeFromClick(200, bar, Number.NaN)).toBe(0);
    expect(seekTimeFromClick(200, bar, Infinity)).toBe(0);
  });

  it("reports progress and formats times", () => {
    expect(progressFraction(30, 120)).toBe(0.25);
    expect(progressFraction(5, 0)).toBe(0);
    expect(progressFraction(500, 120)).toBe(1);
    expect(formatTrackTime(0)).toBe("0:00");
    expect(formatTrackTime(65.7)).toBe("1:05");
    expect(formatTrackTime(Number.NaN)).toBe("0:00");
  });
});
