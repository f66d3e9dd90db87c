import type { Express } from "express";

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface Route {
  method: Method;
  /** As registered, with `:name` segments and no trailing slash: "/api/topics/:id/posts". */
  path: string;
}

/** What Express 5's router keeps of each `use` and route (router's Layer; not in its types). */
interface Layer {
  rawPath?: string | string[];
  slash?: boolean;
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: Layer[] };
}

/**
 * Every route the app answers, read from its router, so a test that must cover all of them cannot
 * miss one added later. Mounted routers are walked with their prefixes; a route with several paths
 * or methods gives one entry for each.
 */
export function listRoutes(app: Express): Route[] {
  return listRouteHandlers(app).map(({ method, path }) => ({ method, path }));
}

/** Every route as listRoutes gives it, with the handlers it runs in order (its guards, limits and last handler). */
export function listRouteHandlers(app: Express): (Route & { handlers: unknown[] })[] {
  const routes: (Route & { handlers: unknown[] })[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const handlers = layer.route.stack.map((entry) => entry.handle);
        for (const method of Object.keys(layer.route.methods)) {
          if (!["get", "post", "put", "patch", "delete"].includes(method)) throw new Error(`listRoutes: method ${method} of ${layer.route.path}`);
          for (const path of [layer.route.path].flat()) routes.push({ method: method as Method, path: (prefix + path).replace(/(.)\/$/, "$1"), handlers });
        }
      } else if (layer.handle.stack) {
        for (const path of layer.slash ? [""] : [layer.rawPath ?? ""].flat()) {
          if (typeof path !== "string") throw new Error("listRoutes: a router mounted on a regular expression");
          walk(layer.handle.stack, prefix + path);
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return routes;
}

/** "get /api/topics/:id": how tests name a route in their lists. */
export const routeName = (route: Route) => `${route.method} ${route.path}`;

/** A request path for the route: each `:name` segment filled from `values` (a missing one is an error). */
export function fillPath(route: Route, values: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${routeName(route)}`);
    return value;
  });
}
