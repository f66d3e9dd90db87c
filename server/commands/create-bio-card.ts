import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { bioCards, users } from "../db/schema";
import { conflict } from "../errors";

/** Creates the member's card with the default values and marks them as having one; 409 for a second card. */
export async function createBioCard(db: Db, userId: number) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(bioCards).values({ userId }).onConflictDoNothing({ target: bioCards.userId }).returning();
    if (!created) throw conflict("You already have a bio card");
    await tx.update(users).set({ hasBio: true }).where(eq(users.id, userId));
    return created;
  });
}
