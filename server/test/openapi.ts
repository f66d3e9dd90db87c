import type request from "supertest";
import { expect } from "vitest";
import { apiErrorSchema } from "@shared/schemas/answers/common";
import { answersOf } from "../openapi/answers";
import { API_RESOURCES } from "../openapi/api-routes";
import type { Answer } from "../openapi/route-doc";

/** Each documented route's answers by status, keyed by the tests' route names ("get /api/topics/:id"). */
const DOCUMENTED = new Map<string, Map<number, Answer>>(
  API_RESOURCES.flatMap(({ routes }) => routes).map((route) => [`${route.method} ${route.path}`, answersOf(route)]),
);

export const documentedRouteNames = () => [...DOCUMENTED.keys()];

/** Paths as Express matches them, literal segments before parameters ("/api/review/count" before "/api/review/:id"). */
const PATTERNS = [...DOCUMENTED.keys()]
  .map((name) => {
    const [method, path] = name.split(" ") as [string, string];
    const source = path.split("/").map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    return { name, method, pattern: new RegExp(`^${source.join("/")}/?$`, "i"), parameters: path.split(":").length - 1 };
  })
  .sort((a, b) => a.parameters - b.parameters);

function pathOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, "http://test.invalid").pathname);
  } catch {
    return undefined;
  }
}

/** The documented route a request reached, or undefined (a path no route has: the API's 404, or a test's own route). */
export function documentedRouteOf(method: string, url: string): string | undefined {
  const path = pathOf(url);
  return path === undefined ? undefined : PATTERNS.find((route) => route.method === method.toLowerCase() && route.pattern.test(path))?.name;
}

/** The methods the reference documents at a request's path, as an `Allow` header lists them: sorted, HEAD with GET. */
export function documentedMethodsAt(url: string): string {
  const path = pathOf(url);
  const methods = new Set(PATTERNS.filter((route) => path !== undefined && route.pattern.test(path)).map((route) => route.method.toUpperCase()));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort().join(", ");
}

/**
 * What is wrong with a 405, or undefined: it answers a documented path (any other is a 404), its
 * `Allow` lists exactly the methods documented there, and its body is `{ message }` (none to HEAD).
 */
export function undocumentedMethodNotAllowed(method: string, url: string, res: request.Response): string | undefined {
  if (!pathOf(url)?.startsWith("/api/")) return undefined;
  const documented = documentedMethodsAt(url);
  if (documented === "") return `405 for a path the API reference does not have (a 404 is expected): ${url}`;
  if (res.headers.allow !== documented) return `405 with Allow "${res.headers.allow}", but the API reference documents ${documented} at ${url}`;
  if (method.toUpperCase() === "HEAD") return undefined;
  return apiErrorSchema.safeParse(res.body).success ? undefined : `the 405 answer is not { message }: ${res.text?.slice(0, 200)}`;
}

/** What is wrong with `res` as an answer of the route, by the API reference, or undefined when it is documented. */
export function undocumentedAnswer(routeName: string, res: request.Response): string | undefined {
  const answers = DOCUMENTED.get(routeName);
  if (!answers) return `${routeName} is not in the API reference: describe it in server/openapi/`;
  const answer = answers.get(res.status);
  if (!answer) return `${res.status} is not a documented answer of ${routeName} (${[...answers.keys()].join(", ")}): ${res.text?.slice(0, 300)}`;
  if (answer.schema) {
    if (res.type !== "application/json") return `the ${res.status} answer of ${routeName} is ${res.type}, not JSON`;
    const result = answer.schema.safeParse(res.body);
    if (result.success) return undefined;
    const issues = result.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    return `the ${res.status} answer of ${routeName} differs from its documented schema (${issues.join("; ")}): ${JSON.stringify(res.body).slice(0, 300)}`;
  }
  if (answer.mediaType) return res.type === answer.mediaType ? undefined : `the ${res.status} answer of ${routeName} is ${res.type}, not ${answer.mediaType}`;
  return (res.text ?? "") === "" ? undefined : `the ${res.status} answer of ${routeName} is documented without a body: ${res.text.slice(0, 100)}`;
}

/**
 * Fails unless `res` is an answer the API reference (server/openapi/) documents for the route: its
 * status is listed, and its JSON body passes the schema the document was generated from for that
 * status (strict: a field the schema does not name fails too). An answer without a schema has no
 * body (204, 304) or the documented media type (a zip, a page).
 */
export function expectDocumentedAnswer(routeName: string, res: request.Response, what = routeName): void {
  const problem = undocumentedAnswer(routeName, res);
  if (problem) expect.fail(`${what}: ${problem}`);
}
