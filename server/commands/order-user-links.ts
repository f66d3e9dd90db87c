import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userLinks } from "../db/schema";
import { badRequest } from "../errors";
import { listLinksOf } from "../queries/bio-cards";

/**
 * PUT /api/user/links/order: the new order names every one of the member's links once (checked
 * under a lock on them); anything else changes nothing. Returns the links in their new order.
 */
export async function orderUserLinks(db: Db, userId: number, ids: number[]) {
  return db.transaction(async (tx) => {
    const owned = await tx.select({ id: userLinks.id }).from(userLinks).where(eq(userLinks.userId, userId)).for("update");
    const ownedIds = new Set(owned.map((link) => link.id));
    if (ids.length !== ownedIds.size || !ids.every((linkId) => ownedIds.has(linkId))) {
      throw badRequest("The order must list each of your links exactly once", { errors: [{ path: "ids", message: "Must list each of your links exactly once" }] });
    }
    await tx.execute(sql`
      UPDATE ${userLinks} SET display_order = o.position - 1
        FROM unnest(ARRAY[${sql.join(ids.map((linkId) => sql`${linkId}`), sql`, `)}]::int[]) WITH ORDINALITY AS o(id, position)
       WHERE ${userLinks.id} = o.id AND ${userLinks.userId} = ${userId}`);
    return listLinksOf(tx, userId);
  });
}
