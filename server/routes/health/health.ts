import { Router } from "express";
import type pg from "pg";
import { presentHealth } from "../../presenters/health";
import { databaseAnswers } from "../../queries/database-health";

/** GET /api/health: 200 when the database answers, 503 otherwise (for load balancers and uptime checks). */
export function healthRouter(pool: pg.Pool): Router {
  const router = Router();
  router.get("/", async (_req, res) => {
    const databaseUp = await databaseAnswers(pool);
    res.status(databaseUp ? 200 : 503).json(presentHealth(databaseUp));
  });
  return router;
}
