import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { memberDeletions } from "../db/schema";

/** The deletion of member `userId`, running or done. */
export async function findMemberDeletion(db: Db, userId: number) {
  const [row] = await db.select().from(memberDeletions).where(eq(memberDeletions.userId, userId));
  return row;
}
