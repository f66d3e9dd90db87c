import type { RequestHandler } from "express";
import type { z } from "zod";
import { emptyBodySchema } from "@shared/schemas/fields";

/** Replaces req.body with the parsed value (trimmed, defaults applied); a ZodError becomes a 400. */
export const validateBody =
  (schema: z.ZodType): RequestHandler =>
  (req, _res, next) => {
    const result = schema.safeParse(req.body ?? {});
    if (!result.success) return next(result.error);
    req.body = result.data;
    next();
  };

/** For writes that take no body: none or `{}` passes, any field is a 400 like an unknown field. */
export const noBody: RequestHandler = validateBody(emptyBodySchema);
