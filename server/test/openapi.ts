import type request from "supertest";
import { expect } from "vitest";
import { answersOf } from "../openapi/answers";
import { API_RESOURCES } from "../openapi/api-routes";
import type { Answer } from "../openapi/route-doc";

/** Each documented route's answers by status, keyed by the tests' route names ("get /api/topics/:id"). */
const DOCUMENTED = new Map<string, Map<number, Answer>>(
  API_RESOURCES.flatMap(({ routes }) => routes).map((route) => [`${route.method} ${route.path}`, answersOf(route)]),
);

export const documentedRouteNames = () => [...DOCUMENTED.keys()];

/**
 * Fails unless `res` is an answer the API reference (server/openapi/) documents for the route: its
 * status is listed, and its JSON body passes the schema the document was generated from for that
 * status (strict: a field the schema does not name fails too). An answer without a schema has no
 * body (204, 304) or the documented media type (a zip, a page).
 */
export function expectDocumentedAnswer(routeName: string, res: request.Response, what = routeName): void {
  const answers = DOCUMENTED.get(routeName);
  if (!answers) throw new Error(`${routeName} is not in the API reference: describe it in server/openapi/`);
  const answer = answers.get(res.status);
  if (!answer) expect.fail(`${what}: ${res.status} is not a documented answer of ${routeName} (${[...answers.keys()].join(", ")}): ${res.text?.slice(0, 300)}`);
  if (answer.schema) {
    expect(res.type, `${what}: ${res.status}`).toBe("application/json");
    const result = answer.schema.safeParse(res.body);
    const issues = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    expect(issues, `${what}: the ${res.status} answer differs from its documented schema: ${JSON.stringify(res.body).slice(0, 300)}`).toEqual([]);
  } else if (answer.mediaType) {
    expect(res.type, `${what}: ${res.status}`).toBe(answer.mediaType);
  } else {
    expect(res.text ?? "", `${what}: a ${res.status} documented without a body`).toBe("");
  }
}
