// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { drawnBeforeUserKnown } from "./drawn-before-user";

describe("the screens drawn before the current user is known", () => {
  afterEach(() => document.head.querySelector('meta[name="visitor"]')?.remove());

  it("are /login and /register always, and no signed-in screen", () => {
    expect(drawnBeforeUserKnown("/login")).toBe(true);
    expect(drawnBeforeUserKnown("/register")).toBe(true);
    for (const path of ["/dashboard", "/forum", "/admin", "/someone", "/"]) expect(drawnBeforeUserKnown(path), path).toBe(false);
  });

  it("include / in a page the server sent without a session cookie", () => {
    const meta = document.createElement("meta");
    meta.name = "visitor";
    document.head.append(meta);
    expect(drawnBeforeUserKnown("/")).toBe(true);
    expect(drawnBeforeUserKnown("/dashboard")).toBe(false);
  });
});
