import { describe, expect, it } from "vitest";
import { readableTextColor } from "./readable-text-color";

describe("readableTextColor", () => {
  it("writes black on light colours and white on dark ones", () => {
    expect(readableTextColor("#ffffff")).toBe("#000000");
    expect(readableTextColor("#FFE066")).toBe("#000000"); // yellow
    expect(readableTextColor("#22c55e")).toBe("#000000"); // a mid green: black contrasts more
    expect(readableTextColor("#000000")).toBe("#ffffff");
    expect(readableTextColor("#1e3a8a")).toBe("#ffffff"); // navy
    expect(readableTextColor("#b91c1c")).toBe("#ffffff"); // dark red
  });

  it("keeps at least 4.5:1 contrast on every grey", () => {
    for (let level = 0; level <= 255; level += 5) {
      const hex = `#${level.toString(16).padStart(2, "0").repeat(3)}`;
      const text = readableTextColor(hex);
      const lum = (value: number) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      };
      const background = lum(level);
      const foreground = text === "#000000" ? 0 : 1;
      const ratio = (Math.max(background, foreground) + 0.05) / (Math.min(background, foreground) + 0.05);
      expect(ratio, hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("falls back to white for something that is not #rrggbb", () => {
    expect(readableTextColor("red")).toBe("#ffffff");
  });
});
