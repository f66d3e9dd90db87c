import { useEffect } from "react";
import { PAGE_TITLE_MAX_LENGTH } from "@/lib/ui-constants";
import { siteName } from "@/lib/site";
import { stripTags } from "@/lib/strip-tags";

/** `<screen> | <site name>`; the screen part is stripped of markup and cut to the title cap. */
function formatPageTitle(screen: string): string {
  const plainScreen = stripTags(screen).replace(/\s+/g, " ").trim();
  return `${plainScreen.slice(0, PAGE_TITLE_MAX_LENGTH)} | ${siteName}`;
}

export function usePageTitle(screen: string): void {
  useEffect(() => {
    document.title = formatPageTitle(screen);
  }, [screen]);
}
