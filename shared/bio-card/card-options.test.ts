import { describe, expect, it } from "vitest";
import { ENTER_ANIMATIONS, USERNAME_SPARKLES } from "@shared/constants";
import { ENTER_ANIMATION_LABELS, enterAnimationClass, SPARKLE_LABELS, sparkleStyle } from "./card-options";

describe("card options", () => {
  it("names every option of the shared lists", () => {
    for (const animation of ENTER_ANIMATIONS) expect(ENTER_ANIMATION_LABELS[animation]).toBeTruthy();
    for (const sparkles of USERNAME_SPARKLES) expect(SPARKLE_LABELS[sparkles]).toBeTruthy();
  });

  it("maps entrance animations to their classes", () => {
    expect(enterAnimationClass("none")).toBeNull();
    expect(enterAnimationClass("slideUp")).toBe("bio-enter-slide-up");
    expect(enterAnimationClass("slideBottomRightToTopLeft")).toBe("bio-enter-slide-bottom-right-to-top-left");
    expect(enterAnimationClass("zoomOut")).toBe("bio-enter-zoom-out");
    expect(enterAnimationClass("explode")).toBeNull();
    expect(new Set(ENTER_ANIMATIONS.map(enterAnimationClass)).size).toBe(ENTER_ANIMATIONS.length);
  });

  it("maps sparkle styles to a class and a colour", () => {
    expect(sparkleStyle("none")).toBeNull();
    expect(sparkleStyle("gold")).toBeNull();
    expect(sparkleStyle("rainbow")).toEqual({ className: "bio-sparkles bio-sparkles-rainbow", color: null });
    expect(sparkleStyle("lightblue")).toEqual({ className: "bio-sparkles", color: "#7dd3fc" });
    for (const sparkles of USERNAME_SPARKLES.filter((name) => name !== "none" && name !== "rainbow")) {
      expect(sparkleStyle(sparkles)?.color).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
