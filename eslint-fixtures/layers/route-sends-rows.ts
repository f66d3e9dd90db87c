// Must fail: a route that turns rows into JSON itself.
import { Router } from "express";
import type { Db } from "../../db/client";
import { findThing, listThings } from "../../queries/things";

export function exampleRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.get("/:id", async (req, res) => {
    const thing = await findThing(db, Number(req.params.id));
    res.json({ ...thing, createdAt: thing.createdAt.toISOString() });
  });
  router.get("/", async (_req, res) => {
    const rows = await listThings(db);
    res.json(rows);
  });
  return router;
}
