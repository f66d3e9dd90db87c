import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { userLinks } from "../db/schema";

/** DELETE /api/user/links/{id}: deletes the link if it is the member's own; says whether it was. */
export async function deleteUserLink(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db.delete(userLinks).where(and(eq(userLinks.id, id), eq(userLinks.userId, userId))).returning({ id: userLinks.id });
  return deleted.length > 0;
}
