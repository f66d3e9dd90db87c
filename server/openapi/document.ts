import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { SESSION_COOKIE } from "../middlewares/session";
import { answersOf, authenticationOf } from "./answers";
import { API_RESOURCES } from "./api-routes";
import type { OpenApiDocument } from "./docs-page";
import type { RouteDoc } from "./route-doc";

/** "/api/topics/:id" → "/api/topics/{id}" */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The session cookie that signing in (POST /api/auth/login) sets. Writes must come from the site itself (Origin or Referer).",
  },
  accessToken: {
    type: "http",
    scheme: "bearer",
    description:
      "`Authorization: Bearer <token>`: a personal access token (POST /api/tokens). Scope `read` allows GET; `write` allows writes too. Every staff or administrator route, tokens, sessions, two-factor sign-in, passkeys, password, export and account deletion refuse tokens (403).",
  },
} as const;

function security(route: RouteDoc): Record<string, string[]>[] {
  const authentication = authenticationOf(route);
  if (authentication.kind === "none") return [];
  if (authentication.kind === "session") return [{ session: [] }];
  return [{ session: [] }, { accessToken: [authentication.scope] }];
}

const access = {
  public: "Anyone.",
  signedIn: "A signed-in member, banned or not.",
  member: "A signed-in member who is not banned.",
  writer: "A signed-in member who is neither banned nor silenced.",
  staff: "A moderator or an administrator.",
  admin: "An administrator.",
};

function register(registry: OpenAPIRegistry, tag: string, route: RouteDoc) {
  const responses = Object.fromEntries(
    [...answersOf(route)].map(([status, answer]) => {
      const mediaType = answer.mediaType ?? "application/json";
      const content = answer.schema ? { [mediaType]: { schema: answer.schema } } : answer.mediaType ? { [mediaType]: { schema: z.unknown() } } : undefined;
      const headers = status === 429 ? { "Retry-After": { description: "Seconds until the limit lets a call through again.", schema: { type: "integer" as const } } } : undefined;
      return [String(status), { description: answer.description, ...(content && { content }), ...(headers && { headers }) }];
    }),
  );
  const body = route.body ?? route.form;
  registry.registerPath({
    method: route.method,
    path: openApiPath(route.path),
    operationId: `${route.method}${route.path.replace(/^\/api/, "").replace(/[/:.-]+(\w)/g, (_, letter: string) => letter.toUpperCase())}`,
    tags: [tag],
    summary: route.summary,
    description: [route.description, `Who: ${access[route.access]}`].filter(Boolean).join("\n\n"),
    security: security(route),
    request: {
      ...(route.params && { params: route.params }),
      ...(route.query && { query: route.query }),
      ...(body && { body: { required: route.body ? !body.safeParse(undefined).success && !body.safeParse({}).success : true, content: { [route.form ? "multipart/form-data" : "application/json"]: { schema: body } } } }),
    },
    responses,
  });
}

/**
 * The OpenAPI 3.1 document of every route in server/openapi/api-routes.ts, made from the zod schemas
 * the routes validate requests with and the answers are checked against (shared/schemas/answers/).
 */
export function buildOpenApiDocument({ siteName, version }: { siteName: string; version: string }) {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent("securitySchemes", name, scheme);
  for (const resource of API_RESOURCES) for (const route of resource.routes) register(registry, resource.name, route);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version,
      description:
        "Every route under /api. Errors are JSON `{ message }` (and `errors`, the failed rules, on a 400). A path below called with a method it does not list answers 405 `{ message }` with `Allow` naming the methods it takes; a path not below, 404. Writes with a cookie session must come from the site itself; a call with an access token never reads or makes a session.",
    },
    tags: API_RESOURCES.map(({ name }) => ({ name })),
  });
  // The generator's types are looser than what it writes: the page reads the document by its own narrower type.
  return nullableReferences(document) as unknown as OpenApiDocument;
}

/**
 * zod-to-openapi writes a nullable reference as `allOf: [{ $ref }, { type: ["object", "null"] }]`,
 * which no value satisfies when it is null (the referenced schema says "object"): made
 * `anyOf: [{ $ref }, { type: "null" }]`, which says what is meant.
 */
function nullableReferences<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableReferences) as T;
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).map(([key, value]) => [key, nullableReferences(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const allOf = object.allOf as Record<string, unknown>[] | undefined;
  if (allOf?.length === 2 && typeof allOf[0]!.$ref === "string" && Array.isArray(allOf[1]!.type) && (allOf[1]!.type as string[]).includes("null") && Object.keys(allOf[1]!).length === 1) {
    const { allOf: _, ...rest } = object;
    return { ...rest, anyOf: [allOf[0], { type: "null" }] } as T;
  }
  return object as T;
}
