import { describe, expect, it } from "vitest";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional class names", () => {
    expect(cn("a", false, null, undefined, "b", { c: true, d: false })).toBe("a b c");
  });

  it("lets a later class win a Tailwind conflict", () => {
    expect(cn("size-10 px-4", "size-8")).toBe("px-4 size-8");
    expect(cn("text-muted text-sm", "text-destructive")).toBe("text-sm text-destructive");
  });

  it("knows the theme's radius names", () => {
    expect(cn("rounded-control", "rounded-full")).toBe("rounded-full");
  });

  it("gives an icon button the caller's size", () => {
    const classes = buttonClasses({ variant: "ghost", size: "icon", className: "size-8" }).split(" ");
    expect(classes).toContain("size-8");
    expect(classes).not.toContain("size-10");
  });
});
