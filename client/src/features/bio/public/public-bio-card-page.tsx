import { Spinner } from "@/components/ui/spinner";
import { usePageTitle } from "@/hooks/use-page-title";
import { usePublicBioCard } from "../api/get-public-bio-card";
import { PublicBioCard } from "./public-bio-card";
import { UserNotFound } from "./user-not-found";

/** /{username}: the member's public card, 'User Not Found' when there is none (or it failed). */
export function PublicBioCardPage({ username }: { username: string }) {
  const { data: card, isLoading } = usePublicBioCard(username);
  usePageTitle(card ? card.displayName?.trim() || card.username : isLoading ? username : "User Not Found");

  if (isLoading) return <Spinner className="flex-1" />;
  if (!card) return <UserNotFound />;
  return <PublicBioCard card={card} />;
}
