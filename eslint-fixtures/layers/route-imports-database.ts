// Must fail: a route that reads the database itself.
import { Router } from "express";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { presentUser } from "../../presenters/user";

export function exampleRouter({ db }: { db: Db }): Router {
  const router = Router();
  router.get("/:id", async (req, res) => {
    const [user] = await db.select().from(users).where(eq(users.id, Number(req.params.id)));
    res.json(presentUser(user));
  });
  return router;
}
