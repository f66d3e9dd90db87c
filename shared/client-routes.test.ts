import { describe, expect, it } from "vitest";
import { CLIENT_ROUTES, isClientRoute } from "./client-routes";
import { isPublicCardPath } from "./public-card-path";

describe("isClientRoute", () => {
  it("knows the app's screens, as the router matches them", () => {
    for (const path of ["/", "/forum", "/Forum", "/forum/", "/topic/12", "/user/Alice", "/c/show-tell", "/tag/rust", "/search", "/admin", "/messages", "/messages/12"]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it("knows nothing else: deeper or unknown paths are not screens", () => {
    for (const path of ["/foo/bar", "/forum/extra", "/topic", "/topic/1/2", "/user/", "/c", "/c/a/b", "/tag", "/messages/1/2", "/settings", "/nosuchuser", "//", "/forumx"]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});

describe("the screens and the public cards at /{username}", () => {
  it("never share a path: a screen's first segment is a reserved name or cannot be a username", () => {
    for (const route of Object.values(CLIENT_ROUTES)) {
      const segment = route.split("/")[1] ?? "";
      if (segment !== "") expect(isPublicCardPath(`/${segment}`), route).toBe(false);
    }
  });
});
