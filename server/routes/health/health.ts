import { Router } from "express";
import type pg from "pg";

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and uptime checks). */
export function healthRouter(pool: pg.Pool): Router {
  const router = Router();
  router.get("/", async (_req, res) => {
    try {
      await pool.query("SELECT 1");
      res.json({ status: "ok", database: "ok" });
    } catch {
      res.status(503).json({ message: "Database unavailable", status: "degraded", database: "unavailable" });
    }
  });
  return router;
}
