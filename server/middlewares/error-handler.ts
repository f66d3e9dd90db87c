import type { ErrorRequestHandler, RequestHandler } from "express";
import { ZodError } from "zod";
import { toValidationIssues } from "@shared/schemas/errors";
import { HttpError } from "../errors";
import type { Logger } from "../logger";
import { pathOf } from "./request-logger";

export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ message: "Not found" });
};

/** Turns every error into the JSON `{ message }` of docs/product.md "API conventions"; details stay in the log, never in the answer. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const { status, body, headers } = describeError(error);
    if (status >= 500) (req.log ?? logger).error({ method: req.method, path: pathOf(req.originalUrl), status, error: errorText(error) }, "request failed");
    if (res.headersSent) return res.end();
    res.set(headers).status(status).json(body);
  };
}

interface ErrorAnswer {
  status: number;
  body: { message: string } & Record<string, unknown>;
  headers: Record<string, string>;
}

function describeError(error: unknown): ErrorAnswer {
  const answer = (status: number, message: string, extra = {}, headers = {}) => ({
    status,
    body: { message, ...extra },
    headers,
  });
  if (error instanceof HttpError) return answer(error.status, error.message, error.extra, error.headers);
  if (error instanceof ZodError) {
    const errors = toValidationIssues(error);
    return answer(400, errors[0]?.message ?? "Invalid input", { errors });
  }
  const { type, status } = (error ?? {}) as { type?: string; status?: number };
  if (type === "entity.parse.failed") return answer(400, "Malformed JSON body");
  if (type === "entity.too.large") return answer(413, "Request body too large");
  if (type === "encoding.unsupported" || type === "charset.unsupported") return answer(415, "Unsupported body encoding");
  if (isStatementTimeout(error)) return answer(503, "The request took too long, please try again shortly");
  if (isDatabaseUnavailable(error)) return answer(503, "Service temporarily unavailable, please try again shortly");
  if (status === 404) return answer(404, "Not found");
  if (typeof status === "number" && status >= 400 && status < 500) return answer(status, "Bad request");
  return answer(500, "Internal server error");
}

/** 57014: PostgreSQL cancelled the query (statement_timeout, DATABASE_STATEMENT_TIMEOUT_MS). */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === "57014") return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "57P01", "57P02", "57P03", "53300"]);

/** Connection-level failures (database down or restarting) rather than bad queries. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error as { code?: string; message?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code && UNAVAILABLE_CODES.has(current.code)) return true;
    if (/Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|not queryable/i.test(current.message ?? "")) return true;
    if (current instanceof AggregateError) return current.errors.some(isDatabaseUnavailable);
  }
  return false;
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
