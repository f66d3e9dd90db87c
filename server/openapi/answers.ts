import type { z } from "zod";
import { apiErrorSchema, confirmedForbiddenErrorSchema, forbiddenErrorSchema, rateLimitedErrorSchema } from "@shared/schemas/answers/common";
import { healthDegradedSchema } from "@shared/schemas/answers/misc";
import { accessTokenRefusal } from "../policies/access-tokens";
import type { Answer, RouteDoc } from "./route-doc";

/** How a call authenticates: none needed, the session cookie only, or the cookie or a token with the scope it needs. */
export type Authentication = { kind: "none" } | { kind: "session" } | { kind: "sessionOrToken"; scope: "read" | "write" };

/**
 * What the guards and the access token policy (server/policies/access-tokens.ts) say of the route:
 * staff and admin guards refuse every token; the policy is asked with a write token.
 */
export function authenticationOf(route: RouteDoc): Authentication {
  if (route.access === "public") return { kind: "none" };
  if (route.access === "staff" || route.access === "admin") return { kind: "session" };
  const path = route.path.replace(/:\w+/g, "1");
  const refused = accessTokenRefusal({ method: route.method.toUpperCase(), path, body: {}, scopes: ["read", "write"] }) !== undefined;
  if (refused) return { kind: "session" };
  return { kind: "sessionOrToken", scope: route.method === "get" ? "read" : "write" };
}

const join = (...reasons: (string | false | undefined)[]) => reasons.filter(Boolean).join(" ");

/**
 * Every answer a route can give, by status: its own, and those every API route shares (the
 * middleware of server/app.ts before the routes, and the error handler). `standalone` routes
 * (health) sit ahead of that middleware.
 */
export function answersOf(route: RouteDoc): Map<number, Answer> {
  const answers = new Map<number, Answer>(Object.entries(route.answers).map(([status, answer]) => [Number(status), answer]));
  const own = route.errors ?? {};
  const error = (schema: z.ZodType = apiErrorSchema) => (description: string): Answer => ({ description, schema });
  // Refused by the app's first middleware, ahead of every route.
  const malformedRequest = "The request target is not a path (`http://host/…`, `*`), the URL has a NUL character, or the Host header is malformed.";
  // Node's HTTP parser refuses an oversized request line or headers before any of the app runs.
  answers.set(431, { description: "The URL and headers together are over 16 kB: refused before the app, without a body." });
  if (route.standalone) {
    answers.set(400, error()(malformedRequest));
    answers.set(503, { description: "The database does not answer.", schema: healthDegradedSchema });
    return answers;
  }
  const writes = route.method !== "get";
  const takesInput = route.body !== undefined || route.form !== undefined || route.query !== undefined;
  answers.set(400, error()(join(takesInput && "A field fails its rule (`errors` lists each).", "The body is not JSON, or carries what this route does not take (an unknown field, a NUL character).", malformedRequest, own[400])));
  answers.set(
    401,
    error()(join(route.access === "public" ? "The access token is unknown, revoked or expired." : "Not signed in, or the access token is unknown, revoked or expired.", own[401])),
  );
  const authentication = authenticationOf(route);
  const confirmation = route.confirmation === undefined ? undefined : `Without a fresh confirmation (POST /api/auth/confirm)${route.confirmation === true ? "" : `, ${route.confirmation}`}: a \`ConfirmRequiredError\`.`;
  answers.set(
    403,
    error(confirmation ? confirmedForbiddenErrorSchema : forbiddenErrorSchema)(
      join(
        route.access !== "signedIn" && "The member is banned (a `BannedError`).",
        route.access === "writer" && "The member is silenced (a `SilencedError`).",
        route.access === "staff" && "Not a moderator or an administrator.",
        route.access === "admin" && "Not an administrator, or one without two-factor sign-in where it is required.",
        authentication.kind === "session" ? "An access token may not make this call." : authentication.kind === "sessionOrToken" && authentication.scope === "write" && "The access token is read-only.",
        writes && "A cross-site write.",
        confirmation,
        own[403],
      ),
    ),
  );
  if (own[404]) answers.set(404, error()(own[404]));
  if (own[409]) answers.set(409, error()(own[409]));
  answers.set(413, error()(join("The body is over 100 kB.", own[413])));
  answers.set(415, error()(join("The body's encoding is not one the API takes.", own[415])));
  answers.set(429, error(rateLimitedErrorSchema)("Too many requests: the limit per address, or the route's own (a locked sign-in: `retryAfterSeconds`). `Retry-After` says when to try again."));
  answers.set(503, error()("The database is unavailable, or the request took too long: try again shortly."));
  answers.set(500, error()("An unexpected failure, logged on the server: the answer says nothing more."));
  // Express gives every body sent whole (JSON, a page) a weak ETag and answers a GET that names it
  // with 304; a streamed archive has none.
  const sentWhole = answers.get(200) !== undefined && answers.get(200)!.mediaType !== "application/zip";
  if (route.method === "get" && sentWhole && !answers.has(304)) answers.set(304, { description: "Not modified since the ETag in If-None-Match." });
  return answers;
}
