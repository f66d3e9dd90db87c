import { describe, expect, it } from "vitest";
import { isHexColor, opacityToHex, safeHex, withOpacity } from "./card-colors";

describe("card colours", () => {
  it("turns an opacity percent into a two-digit alpha hex", () => {
    expect(opacityToHex(0)).toBe("00");
    expect(opacityToHex(5)).toBe("0d");
    expect(opacityToHex(20)).toBe("33");
    expect(opacityToHex(30)).toBe("4d");
    expect(opacityToHex(50)).toBe("80");
    expect(opacityToHex(80)).toBe("cc");
    expect(opacityToHex(100)).toBe("ff");
  });

  it("clamps opacities outside 0..100 and treats nonsense as opaque", () => {
    expect(opacityToHex(-10)).toBe("00");
    expect(opacityToHex(250)).toBe("ff");
    expect(opacityToHex(Number.NaN)).toBe("ff");
  });

  it("appends the alpha to a valid colour only", () => {
    expect(withOpacity("#000000", 80)).toBe("#000000cc");
    expect(withOpacity("#ABCDEF", 20)).toBe("#abcdef33");
    expect(withOpacity("red", 20)).toBe("#00000033");
    expect(withOpacity("#fff;background:url(x)", 50, "#404040")).toBe("#40404080");
  });

  it("lets only #rrggbb through", () => {
    expect(isHexColor("#6366f1")).toBe(true);
    expect(isHexColor("#6366f")).toBe(false);
    expect(isHexColor("#6366f1ff")).toBe(false);
    expect(isHexColor("6366f1")).toBe(false);
    expect(isHexColor(null)).toBe(false);
    expect(safeHex("#6366F1", "#000000")).toBe("#6366f1");
    expect(safeHex("expression(alert(1))", "#ffffff")).toBe("#ffffff");
  });
});
