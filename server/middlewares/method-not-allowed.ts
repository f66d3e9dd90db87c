import type { RequestHandler, Router } from "express";
import { methodNotAllowed } from "../errors";

/** What Express 5's router keeps of each `use` and route (router's Layer; not in its types). */
interface Layer {
  route?: { methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  match(path: string): { path: string } | false;
}

/**
 * Every method the routes of `stack` answer at `path`, walked as the router walks it: a mounted
 * router sees the rest of the path after its prefix. HEAD with GET, as the router answers it.
 */
function methodsAt(stack: Layer[], path: string, found: Set<string>): Set<string> {
  for (const layer of stack) {
    let match: { path: string } | false;
    try {
      match = layer.match(path);
    } catch {
      // A parameter that does not decode: the router refuses it before any route.
      continue;
    }
    if (!match) continue;
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) if (method !== "_all") found.add(method.toUpperCase());
      if (layer.route.methods.get) found.add("HEAD");
    } else if (layer.handle.stack) {
      const rest = path.slice(match.path.length);
      methodsAt(layer.handle.stack, rest.startsWith("/") ? rest : `/${rest}`, found);
    }
  }
  return found;
}

/**
 * After every route of `router`: a path some route has, called with a method none of them takes,
 * is 405 with `Allow` listing the methods it takes (sorted, as the router's own OPTIONS answer);
 * a path no route has goes on to the 404. Reached only by requests no route answered.
 */
export function answerMethodNotAllowed(router: Router): RequestHandler {
  const stack = (router as unknown as { stack: Layer[] }).stack;
  return (req, _res, next) => {
    const allowed = methodsAt(stack, req.path, new Set());
    if (allowed.size === 0 || allowed.has(req.method)) return next();
    next(methodNotAllowed([...allowed].sort()));
  };
}
