// Must fail: a route that decides who may delete, instead of asking a policy.
import { Router } from "express";
import type { Db } from "../../db/client";
import { deleteThing } from "../../commands/delete-thing";
import { findThing } from "../../queries/things";

export function exampleRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.delete("/:id", async (req, res) => {
    const thing = await findThing(db, Number(req.params.id));
    if (!req.user?.isAdmin && thing.authorId !== req.user?.id) {
      res.status(403).json({ message: "Not yours" });
      return;
    }
    await deleteThing(db, thing.id);
    res.json({ message: "Deleted" });
  });
  return router;
}
