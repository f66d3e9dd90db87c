import { describe, expect, it } from "vitest";
import { afterSignIn, isSitePath, loginReturningTo } from "./site-path";

describe("isSitePath", () => {
  it("takes paths of this site, with their query and hash", () => {
    for (const path of ["/", "/dashboard", "/topic/12", "/search?q=a%20b&tab=posts", "/topic/3#post-9", "/user/Al%C3%AFce", "/%2F%2Fexample.com", "/a/./b", "/a//b"]) {
      expect(isSitePath(path), path).toBe(true);
    }
  });

  it("refuses whatever a browser could read as another origin, or as no path", () => {
    const refused = [
      "//evil.example", "///evil.example", "/\\evil.example", "\\\\evil.example", "\\/evil.example", "/a\\b",
      "https://evil.example/x", "http:evil.example", "javascript:alert(1)", "data:text/html,x", "evil.example", "dashboard", "",
      "/\t/evil.example", "/\n/evil.example", "/\r/evil.example", " /dashboard", "/dash board", "/\u0000x", "/\u007fx", "/\u00a0/x",
      `/${"a".repeat(2_048)}`,
    ];
    for (const path of refused) expect(isSitePath(path), JSON.stringify(path)).toBe(false);
    for (const value of [null, undefined, 1, ["/dashboard"], { path: "/" }]) expect(isSitePath(value)).toBe(false);
  });
});

describe("afterSignIn and loginReturningTo", () => {
  it("return to a site path, and to the dashboard otherwise", () => {
    expect(afterSignIn("/topic/12?page=2")).toBe("/topic/12?page=2");
    expect(afterSignIn("//evil.example")).toBe("/dashboard");
    expect(afterSignIn(null)).toBe("/dashboard");
  });

  it("name the path to come back to, and none for the welcome page or what is no site path", () => {
    expect(loginReturningTo("/topic/12?page=2#post-3")).toBe("/login?next=%2Ftopic%2F12%3Fpage%3D2%23post-3");
    expect(loginReturningTo("/")).toBe("/login");
    expect(loginReturningTo("//evil.example")).toBe("/login");
  });
});
