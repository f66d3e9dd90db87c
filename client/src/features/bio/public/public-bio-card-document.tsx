import type { PublicBioCard as PublicBioCardData } from "@shared/types";
import { usePageTitle } from "@/hooks/use-page-title";
import { PublicBioCard } from "./public-bio-card";
import { UserNotFound } from "./user-not-found";

/** A whole page of its own for /{username} (the card entry): the card, or 'User Not Found'. */
export function PublicBioCardDocument({ card }: { card: PublicBioCardData | null }) {
  usePageTitle(card ? card.displayName?.trim() || card.username : "User Not Found");
  // The same frame as the app's layout gives a card (app/layout/app-layout.tsx), without navigation.
  return (
    <div className="flex min-h-dvh flex-col">
      <main className="flex flex-1 flex-col">{card ? <PublicBioCard card={card} /> : <UserNotFound />}</main>
    </div>
  );
}
