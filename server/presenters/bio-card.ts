import { BIO_CARD_FIELDS } from "@shared/schemas/bio";
import type { BioCard, BioCardSettings } from "@shared/types";
import type { bioCards } from "../db/schema";
import { isoTime } from "./iso-time";

type BioCardRow = typeof bioCards.$inferSelect;

/** The editable fields of a stored card, picked by the one field list of shared/schemas/bio.ts. */
function settingsOf(card: BioCardSettings): BioCardSettings {
  return Object.fromEntries(BIO_CARD_FIELDS.map((field) => [field, card[field]])) as BioCardSettings;
}

/** The owner's view of their card (settings editor); the public card has its own shape. */
export function presentBioCard(card: BioCardRow): BioCard {
  return {
    id: card.id,
    userId: card.userId,
    viewsCount: card.viewsCount,
    hidden: card.hiddenAt !== null,
    createdAt: isoTime(card.createdAt),
    updatedAt: isoTime(card.updatedAt),
    ...settingsOf(card),
  };
}
