import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { z } from "zod";
import { emptyBodySchema } from "@shared/schemas/fields";

/** A request whose body is what its schema parsed. */
export type ValidatedRequest<Body> = Request<Request["params"], unknown, Body>;

/** Replaces req.body with the parsed value (trimmed, defaults applied); a ZodError is thrown and answered as a 400. */
export function parseBody(schema: z.ZodType, req: Request): void {
  req.body = schema.parse(req.body ?? {});
}

/**
 * The last handler of a route that takes a body and needs no member (after signedIn, member or
 * admin use memberHandler): req.body is replaced with the parsed value and typed as it.
 */
export function bodyHandler<S extends z.ZodType>(
  schema: S,
  handler: (req: ValidatedRequest<z.output<S>>, res: Response, next: NextFunction) => unknown,
): RequestHandler {
  return (req, res, next) => {
    parseBody(schema, req);
    return handler(req, res, next);
  };
}

/** For writes that take no body: none or `{}` passes, any field is a 400 like an unknown field. */
export const noBody: RequestHandler = (req, _res, next) => {
  parseBody(emptyBodySchema, req);
  next();
};
