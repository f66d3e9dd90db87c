import { eq } from "drizzle-orm";
import type { BioCardUpdateData } from "@shared/schemas/bio";
import type { Db } from "../db/client";
import { bioCards } from "../db/schema";
import { findBioCardOf } from "../queries/bio-cards";

/** Saves the member's card settings; with nothing to change, the card as it is. Undefined when they have no card. */
export async function updateBioCard(db: Db, userId: number, changes: BioCardUpdateData) {
  // "" means none, like null.
  const values = Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value === "" ? null : value]));
  if (!Object.keys(values).length) return findBioCardOf(db, userId);
  const [card] = await db.update(bioCards).set(values).where(eq(bioCards.userId, userId)).returning();
  return card;
}
