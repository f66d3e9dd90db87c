import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
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

declare module "node:http" {
  interface IncomingMessage {
    /** The logger for lines written while the request is handled, each with its `reqId`. */
    log: Logger;
  }
}

/**
 * One structured line per request once it is answered (API calls at info, assets at debug, server
 * errors at error), with its id, method, path, status, duration and member; `req.log` carries the
 * request id into every line written while it is handled. The line is what pino-http wrote, but
 * built once at the end: pino-http made three child loggers per request (serializing their fields
 * each time) and a fourth for the member at the end, about 5 % of the event loop on a cached topic
 * page (docs/decisions/048). `req.log` is made only when something logs with it.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = Date.now();
    const id = requestId(req, res);
    let requestLog: Logger | undefined;
    Object.defineProperty(req, "log", { configurable: true, enumerable: true, get: () => (requestLog ??= logger.child({ reqId: id })) });
    let answered = false;
    // Whichever comes first: the answer sent, the connection closed before it, or an error on the way.
    const onAnswered = (error?: Error) => {
      if (answered) return;
      answered = true;
      res.off("finish", onAnswered).off("close", onAnswered).off("error", onAnswered);
      const failed = error !== undefined || res.statusCode >= 500;
      const level = failed ? "error" : pathOf(req.originalUrl ?? req.url).startsWith("/api/") ? "info" : "debug";
      if (!logger.isLevelEnabled(level)) return;
      // A bearer call has no session: its member is req.user. The Authorization header is never logged.
      const userId = (req.session as { passport?: { user?: number } } | undefined)?.passport?.user ?? req.user?.id;
      // The error itself is logged once, with its stack, by the error handler.
      logger[level](
        { reqId: id, req: { id, method: req.method, url: pathOf(req.originalUrl ?? req.url), ip: req.ip }, userId, res: { status: res.statusCode }, responseTime: Date.now() - start },
        failed ? "request failed" : "request",
      );
    };
    res.on("finish", onAnswered).on("close", onAnswered).on("error", onAnswered);
    next();
  };
}
