import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";

/** One structured line per request once it is answered; API calls at info, assets at debug. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const fields = {
        requestId,
        method: req.method,
        path: req.originalUrl.split("?")[0],
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
        ip: req.ip,
        userId: (req.session as { passport?: { user?: number } } | undefined)?.passport?.user,
      };
      const api = req.originalUrl.startsWith("/api/");
      (api ? logger.info : logger.debug)("request", fields);
    });
    next();
  };
}
