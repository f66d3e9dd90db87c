import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation } from "wouter";

/** The id of <main>, where the skip link and a route change take the focus. */
export const MAIN_CONTENT_ID = "main";

/** How long a new screen may take to show its heading (it may load its data first). */
const HEADING_WAIT_MS = 5000;

/**
 * On every route change after the first page: once the new screen shows its <h1>, the focus moves to
 * it (to <main> when none comes), unless the screen took the focus itself, and the returned message
 * becomes the page's title for a live region to announce.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): string {
  const [path] = useLocation();
  const [announcement, setAnnouncement] = useState("");
  const firstPath = useRef(path);

  useEffect(() => {
    const container = main.current;
    if (!container || path === firstPath.current) return;
    firstPath.current = ""; // from now on every path counts, the first one too
    setAnnouncement(""); // so that a title equal to the last one is still said

    let done = false;
    const settle = (target: HTMLElement) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timeout);
      const active = document.activeElement;
      const screenTookFocus = active && active !== document.body && active !== container && container.contains(active);
      if (!screenTookFocus) {
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus();
      }
      // The screen sets its title in an effect after rendering the heading: read it a moment later.
      setTimeout(() => setAnnouncement(document.title), 100);
    };
    const findHeading = () => {
      const heading = container.querySelector("h1");
      if (heading) settle(heading);
    };
    const observer = new MutationObserver(findHeading);
    const timeout = setTimeout(() => settle(container), HEADING_WAIT_MS);
    observer.observe(container, { childList: true, subtree: true });
    findHeading();
    return () => {
      done = true;
      observer.disconnect();
      clearTimeout(timeout);
    };
  }, [path, main]);

  return announcement;
}
