// Must fail: a route that opens a transaction (and so writes) itself.
import { Router } from "express";
import type { Db } from "../../db/client";
import { renameThing } from "../../queries/things";

export function exampleRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.post("/:id/rename", async (req, res) => {
    await db.transaction(async (tx) => renameThing(tx, Number(req.params.id)));
    res.json({ message: "Renamed" });
  });
  return router;
}
