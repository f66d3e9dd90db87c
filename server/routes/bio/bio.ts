import { eq } from "drizzle-orm";
import { Router } from "express";
import type { Db } from "../../db/client";
import { bioCards, users } from "../../db/schema";
import { conflict } from "../../errors";
import { member } from "../../middlewares/guards";
import { presentBioCard } from "../../presenters/bio-card";

/** /api/bio: the signed-in member's bio card (creation here; the editor's calls come with the bio card issue). */
export function bioRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.post("/", member, async (req, res) => {
    const card = await db.transaction(async (tx) => {
      const [created] = await tx.insert(bioCards).values({ userId: req.user!.id }).onConflictDoNothing({ target: bioCards.userId }).returning();
      if (!created) throw conflict("You already have a bio card");
      await tx.update(users).set({ hasBio: true }).where(eq(users.id, req.user!.id));
      return created;
    });
    res.status(201).json(presentBioCard(card));
  });

  return router;
}
