import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { Router } from "express";
import type { AssignedInvite } from "@shared/types";
import type { Db } from "../../db/client";
import { invites, users } from "../../db/schema";
import { member } from "../../middlewares/guards";

const usedByUser = alias(users, "used_by_user");

/** /api/invites: invite codes (the admin side is added with the admin panel). */
export function invitesRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.get("/assigned", member, async (req, res) => {
    const rows = await db
      .select({ id: invites.id, code: invites.code, expiresAt: invites.expiresAt, usedBy: invites.usedBy, usedAt: invites.usedAt, usedByUsername: usedByUser.username })
      .from(invites)
      .leftJoin(usedByUser, eq(usedByUser.id, invites.usedBy))
      .where(eq(invites.assignedTo, req.user!.id))
      .orderBy(desc(invites.createdAt), desc(invites.id));
    const body: AssignedInvite[] = rows.map((row) => ({
      ...row,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      usedAt: row.usedAt?.toISOString() ?? null,
    }));
    res.json(body);
  });

  return router;
}
