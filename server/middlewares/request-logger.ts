import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request } from "express";
import { pinoHttp } from "pino-http";
import type { Logger } from "../logger";

/**
 * An id a proxy in front of us may have given the request, so that its log lines and ours can be
 * matched. It is taken only as a short token of letters, digits, `.`, `_` and `-`: the value is
 * echoed in a response header and written to every log line of the request, and anything longer
 * or stranger (control characters, quotes, newlines) could forge or break log lines. Whatever
 * else comes in is replaced by an id of our own.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The path only: query strings can carry what logs must not keep (invite codes, search terms). */
export function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

/** Who made the request: the session's member, or a bearer call's (it has no session). The Authorization header is never logged (see `req` below). */
const memberOf = (req: Request): number | undefined => (req.session as { passport?: { user?: number } } | undefined)?.passport?.user ?? req.user?.id;

/**
 * One structured line per request once it is answered (API calls at info, assets at debug, server
 * errors at error), with its id, method, path, status, duration and member; `req.log` carries the
 * request id into every line written while it is handled.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: requestId,
    quietReqLogger: true,
    customLogLevel: (req, res, error) =>
      error || res.statusCode >= 500 ? "error" : pathOf((req as Request).originalUrl ?? req.url ?? "").startsWith("/api/") ? "info" : "debug",
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request failed",
    // The member goes into the line itself rather than through customProps, which made two more
    // child loggers each request (docs/performance.md). The error itself is logged once, with its
    // stack, by the error handler.
    customSuccessObject: (req, _res, fields) => ({ ...fields, userId: memberOf(req as Request) }),
    customErrorObject: (req, _res, _error, fields) => ({ res: fields.res, responseTime: fields.responseTime, userId: memberOf(req as Request) }),
    serializers: {
      req: (req: { id: string; method: string; raw: Request }) => ({ id: req.id, method: req.method, url: pathOf(req.raw.originalUrl ?? req.raw.url), ip: req.raw.ip }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
