import { describe, expect, it } from "vitest";
import { isClientRoute } from "./client-routes";

describe("isClientRoute", () => {
  it("knows the app's screens, as the router matches them", () => {
    for (const path of ["/", "/forum", "/Forum", "/forum/", "/topic/12", "/user/Alice", "/search", "/admin"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it("knows nothing else: deeper or unknown paths are not screens", () => {
    for (const path of ["/foo/bar", "/forum/extra", "/topic", "/topic/1/2", "/user/", "/settings", "/nosuchuser", "//", "/forumx"]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
