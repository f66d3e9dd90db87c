import type { NextFunction, Request, RequestHandler, Response } from "express";
import { describe, expect, it } from "vitest";
import { sessionOnly } from "./bearer";

const call = (authorization?: string) =>
  ({ method: "GET", url: "/topics", get: (name: string) => (name.toLowerCase() === "authorization" ? authorization : undefined) }) as unknown as Request;
const run = (chain: RequestHandler, req: Request) =>
  new Promise<unknown>((resolve) => {
    void chain(req, {} as Response, ((error?: unknown) => resolve(error)) as NextFunction);
  });

describe("sessionOnly", () => {
  it("runs its handlers in order for a cookie call, then goes on", async () => {
    const seen: string[] = [];
    const chain = sessionOnly((_req, _res, next) => { seen.push("a"); next(); }, (_req, _res, next) => { seen.push("b"); next(); });
    expect(await run(chain, call())).toBeUndefined();
    expect(seen).toEqual(["a", "b"]);
  });

  it("skips its handlers for a bearer call", async () => {
    const seen: string[] = [];
    const chain = sessionOnly((_req, _res, next) => { seen.push("a"); next(); });
    expect(await run(chain, call("Bearer abc"))).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it("hands an error passed, thrown or rejected to the next error handler, skipping the handlers after it", async () => {
    const failure = new Error("store down");
    const after: RequestHandler = () => { throw new Error("ran after the error"); };
    expect(await run(sessionOnly((_req, _res, next) => next(failure), after), call())).toBe(failure);
    expect(await run(sessionOnly(() => { throw failure; }, after), call())).toBe(failure);
    expect(await run(sessionOnly((() => Promise.reject(failure)) as unknown as RequestHandler, after), call())).toBe(failure);
  });
});
