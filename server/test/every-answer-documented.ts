import request from "supertest";
import { afterEach, expect } from "vitest";
import { documentedRouteOf, undocumentedAnswer, undocumentedMethodNotAllowed } from "./openapi";

/**
 * Every answer an API test receives through supertest is checked against the API reference
 * (docs/product.md "Accounts and sessions"): a status the route does not document, or a body its schema does
 * not allow, fails the test that received it; so does a 405 whose `Allow` is not what the reference
 * documents at its path. Loaded by vite.config.ts's `setupFiles`.
 */
type SupertestTest = { method: string; url: string };
type Assert = (this: SupertestTest, error: unknown, res: request.Response | undefined, fn: unknown) => unknown;
const Test = (request as unknown as { Test: { prototype: { assert: Assert } } }).Test;

// The server's test files share their modules (vite.config.ts, isolate off), and this file runs again
// for each of them: supertest is wrapped once, and every file reads the same list.
const CHECKED = Symbol.for("enclave.everyAnswerDocumented");
const checked = Test.prototype as unknown as { [CHECKED]?: string[] };
const problems = (checked[CHECKED] ??= wrapSupertest());

function wrapSupertest(): string[] {
  const found: string[] = [];
  const assert = Test.prototype.assert;
  Test.prototype.assert = function (error, res, fn) {
    const route = res ? documentedRouteOf(this.method, this.url) : undefined;
    const problem =
      res?.status === 405 ? undocumentedMethodNotAllowed(this.method, this.url, res) : route && res ? undocumentedAnswer(route, res) : undefined;
    if (problem) found.push(`${problem} (${this.method} ${this.url.slice(0, 150)})`);
    return assert.call(this, error, res, fn);
  };
  return found;
}

afterEach(() => {
  const found = problems.splice(0);
  expect(found, "answers that differ from the API reference (server/openapi/)").toEqual([]);
});
