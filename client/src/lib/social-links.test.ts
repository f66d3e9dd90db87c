import { describe, expect, it } from "vitest";
import { cleanHandle, displayWebsite, socialProfileUrl, websiteHref } from "./social-links";

describe("social links", () => {
  it("builds profile addresses from handles without their leading @", () => {
    expect(socialProfileUrl("twitter", "@jack")).toBe("https://x.com/jack");
    expect(socialProfileUrl("github", "octo-cat")).toBe("https://github.com/octo-cat");
    expect(socialProfileUrl("telegram", " @durov ")).toBe("https://t.me/durov");
    expect(socialProfileUrl("github", "@")).toBeNull();
    expect(cleanHandle("@@x")).toBe("@x");
  });

  it("shows a website without its scheme and links only http(s)", () => {
    expect(displayWebsite("https://example.org/")).toBe("example.org");
    expect(displayWebsite("http://example.org/me/")).toBe("example.org/me/");
    expect(displayWebsite("HTTPS://Example.org/a?b=1")).toBe("Example.org/a?b=1");
    expect(websiteHref("https://example.org/me")).toBe("https://example.org/me");
    expect(websiteHref("javascript:alert(1)")).toBeNull();
    expect(websiteHref("example.org")).toBeNull();
  });
});
