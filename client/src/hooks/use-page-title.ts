import { useEffect } from "react";
import { pageTitle } from "@shared/page-title";
import { siteName } from "@/lib/site";

/** Sets the document title to `<screen> | <site name>` (shared/page-title.ts). */
export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen, siteName);
  }, [screen]);
}
