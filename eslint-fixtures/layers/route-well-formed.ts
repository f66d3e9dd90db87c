// Must pass: parse, ask a policy, call a query or a command, present.
import { Router } from "express";
import type { Db } from "../../db/client";
import { deleteThing } from "../../commands/delete-thing";
import { canDeleteThing } from "../../policies/thing";
import { presentThing } from "../../presenters/thing";
import { findThing, listThings } from "../../queries/things";

export function exampleRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.get("/", async (_req, res) => {
    const rows = await listThings(db);
    const body = { things: rows.map(presentThing), totalCount: rows.length };
    res.json(body);
  });
  router.get("/:id", async (req, res) => {
    const thing = presentThing(await findThing(db, Number(req.params.id)));
    res.json(thing);
  });
  router.delete("/:id", async (req, res) => {
    const thing = await findThing(db, Number(req.params.id));
    if (!canDeleteThing(req.user, thing)) {
      res.status(403).json({ message: "Not yours" });
      return;
    }
    await deleteThing(db, thing.id);
    res.json({ message: "Deleted" });
  });
  return router;
}
