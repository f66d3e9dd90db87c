import { useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";
import { UserNotFound } from "@/features/bio/public/user-not-found";

/** Whether this document was loaded for the current address, rather than reached by navigating inside the app. */
const loadedForThisAddress = () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.name === window.location.href;

/**
 * /{username}: public cards are rendered on the server (docs/decisions/034, 041), so a navigation
 * inside the app loads the page from there. A document the server sent for this very address as the
 * app's page has no card to show.
 */
export function PublicBioCardScreen() {
  const loadedHere = loadedForThisAddress();
  useEffect(() => {
    if (!loadedHere) window.location.reload();
  }, [loadedHere]);
  return loadedHere ? <UserNotFound /> : <Spinner className="flex-1" />;
}
