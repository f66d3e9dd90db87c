import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app";
import { fillPath, listRoutes, routeName, type Route } from "../test/routes";

const t: TestApp = await createTestApp();
afterAll(() => t.close());

/** The paths a route answers: each `:name` segment one segment of anything. */
const pattern = (route: Route) => new RegExp(`^${route.path.replace(/[.+?^$()[\]\\|]/g, "\\$&").replace(/:\w+/g, "[^/]+")}/?$`);

describe("route precedence", () => {
  // Routers are mounted in the order that makes the hottest requests walk the fewest routes
  // (server/app.ts); that order must never hand a request to a route registered ahead of its own.
  it("gives every API route's requests to that route, none to one registered ahead of it", () => {
    const routes = listRoutes(t.app).filter((route) => route.path.startsWith("/api/"));
    expect(routes.every((route) => !/[*{}]/.test(route.path))).toBe(true);
    const shadowed = routes.flatMap((route, index) => {
      const path = fillPath(route, new Proxy({}, { get: () => "1" }));
      const first = routes.findIndex((other) => other.method === route.method && pattern(other).test(path));
      return first === index ? [] : [`${routeName(route)} answered by ${routeName(routes[first]!)}`];
    });
    expect(shadowed).toEqual([]);
  });
});
