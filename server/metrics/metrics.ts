import cluster from "node:cluster";
import type { Express, Request, RequestHandler } from "express";
import type pg from "pg";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { JobQueueCount } from "../queries/job-queue";
import { clusterMetricsText } from "./cluster-metrics";

/** What Express 5's router keeps of each `use` and route (router's Layer; not in its types). */
interface Layer {
  rawPath?: string | string[];
  slash?: boolean;
  route?: { path: string | string[] };
  handle: { stack?: Layer[] };
}

type RouteObject = NonNullable<Request["route"]>;

/** Label of requests no route answered (static files, uploads, the API's 404). */
export const UNMATCHED_ROUTE = "unmatched";

let processRegistry: Registry | undefined;

/** Node's own metrics (CPU, memory, event-loop lag, GC), collected once per process however many apps it builds (tests build many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** What the job worker reports (server/jobs/worker.ts). */
export interface JobMetrics {
  /** A job's attempt ended: it succeeded, or failed (to be retried, or given up). */
  ran(task: string, outcome: "succeeded" | "failed"): void;
  /** A job failed its last attempt: it is kept as failed. */
  gaveUp(task: string): void;
}

export interface Metrics {
  /** The first middleware: times every request and records it under its route's pattern once answered. */
  timeRequests: RequestHandler;
  /** Reports the open /ws sockets (the WebSocket server is attached after the app is built). */
  countSockets(count: () => number): void;
  /** Counts the job worker's runs. */
  jobs: JobMetrics;
  /** Counts the upload storage's failed operations (a bucket out of reach). */
  storage: { failed(operation: string): void };
  contentType: string;
  /** Prometheus text: this process's metrics, or with WEB_CONCURRENCY > 1 all processes' summed. */
  text(): Promise<string>;
}

/**
 * The process's metrics. Requests are labelled with the route pattern Express matched
 * (`/api/topics/:id`), never the URL: a label value per URL would let anyone grow the series
 * without bound.
 */
export function createMetrics(app: Express, pool: pg.Pool, jobQueue: () => Promise<JobQueueCount[]>): Metrics {
  const registry = new Registry();
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Connections of the request pool to PostgreSQL, all and idle",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
    },
  });
  new Gauge({
    name: "db_pool_waiting_queries",
    help: "Queries waiting for a free connection of the request pool",
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
  let sockets = () => 0;
  new Gauge({
    name: "ws_open_sockets",
    help: "Open /ws connections of this process",
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  const jobRuns = new Counter({
    name: "job_runs_total",
    help: "Attempts of background jobs by this process, by task and outcome (succeeded, or failed: retried with backoff, or given up)",
    labelNames: ["task", "outcome"] as const,
    registers: [registry],
  });
  const jobsGivenUp = new Counter({
    name: "job_given_up_total",
    help: "Background jobs whose last attempt failed in this process, by task: kept as failed",
    labelNames: ["task"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "job_queue_jobs",
    help: "Background jobs in the queue of the whole database, by task: waiting (due later, due now or running) and failed (given up, kept for the operator)",
    labelNames: ["task", "state"] as const,
    registers: [registry],
    // Every process reads the same rows: with WEB_CONCURRENCY the figure is taken once, not summed.
    aggregator: "max",
    async collect() {
      try {
        const counts = await jobQueue();
        this.reset();
        for (const { task, waiting, failed } of counts) {
          this.set({ task, state: "waiting" }, waiting);
          this.set({ task, state: "failed" }, failed);
        }
      } catch {
        // The database is out of reach: the last figures stand, and the other metrics still answer.
      }
    },
  });
  const storageErrors = new Counter({
    name: "upload_storage_errors_total",
    help: "Operations on the upload storage (the S3 bucket) that failed in this process, by operation: put, get, delete, list",
    labelNames: ["operation"] as const,
    registers: [registry],
  });
  const merged = Registry.merge([processMetrics(), registry]);

  // Read from the router on the first answer, when every route is mounted.
  let patterns: Map<RouteObject, string> | undefined;
  const patternOf = (route: RouteObject | undefined) =>
    (route && (patterns ??= routePatterns(app)).get(route)) ?? UNMATCHED_ROUTE;

  return {
    timeRequests(req, res, next) {
      const end = durations.startTimer();
      res.once("finish", () => end({ method: req.method, route: patternOf(req.route), status: res.statusCode }));
      next();
    },
    countSockets(count) {
      sockets = count;
    },
    jobs: {
      ran: (task, outcome) => jobRuns.inc({ task, outcome }),
      gaveUp: (task) => jobsGivenUp.inc({ task }),
    },
    storage: { failed: (operation) => storageErrors.inc({ operation }) },
    contentType: merged.contentType,
    text: cluster.isWorker ? clusterMetricsText(merged) : () => merged.metrics(),
  };
}

/** Every route of the app with its full pattern, mounted prefixes included (a route mounted twice is named by its first). */
function routePatterns(app: Express): Map<RouteObject, string> {
  const patterns = new Map<RouteObject, string>();
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const route = layer.route as unknown as RouteObject;
        const pattern = [layer.route.path].flat().map((path) => (prefix + path).replace(/(.)\/$/, "$1")).join(",");
        if (!patterns.has(route)) patterns.set(route, pattern);
      } else if (layer.handle.stack) {
        for (const path of layer.slash ? [""] : [layer.rawPath ?? ""].flat()) walk(layer.handle.stack, prefix + String(path));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return patterns;
}
