import { Router } from "express";
import { notFound } from "../../errors";
import type { Metrics } from "../../metrics/metrics";
import { mayReadMetrics } from "../../policies/metrics";

const BEARER = /^Bearer (.+)$/;

/**
 * GET /metrics: Prometheus text for a scraper on this machine or one with METRICS_TOKEN; anyone else
 * gets the 404 of a path that does not exist (docs/decisions/031-backups-and-metrics.md).
 */
export function metricsRouter({ metrics, token }: { metrics: Metrics; token: string | undefined }): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const request = {
      peerAddress: req.socket.remoteAddress,
      forwarded: ["x-forwarded-for", "forwarded", "x-real-ip"].some((header) => req.headers[header] !== undefined),
      bearer: req.headers.authorization?.match(BEARER)?.[1],
    };
    if (!mayReadMetrics(request, token)) throw notFound();
    res.type(metrics.contentType).send(await metrics.text());
  });
  return router;
}
