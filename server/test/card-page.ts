import { Window } from "happy-dom";

/** A page as a browser without script reads it. */
export const parseHtml = (html: string) => new new Window().DOMParser().parseFromString(html, "text/html");

/** What the server-rendered card page `/{username}` shows, as text and addresses (null: no card on the page). */
export function shownCard(html: string) {
  const page = parseHtml(html).querySelector("[data-card-page]");
  if (!page) return null;
  const text = (selector: string) => page.querySelector(selector)?.textContent ?? undefined;
  return {
    displayName: text("h1"),
    bioText: text("[data-testid=card-bio]"),
    views: text("[data-card-views]"),
    uid: page.querySelector("[data-testid=chip-uid]")?.textContent?.replace("UID: ", ""),
    avatar: page.querySelector("img[alt$=\"'s avatar\"]")?.getAttribute("src") ?? undefined,
    badges: [...page.querySelectorAll("[data-badge]")].map((badge) => badge.getAttribute("data-badge")),
    links: [...page.querySelectorAll("a[data-card-link]")].map((link) => ({ href: link.getAttribute("href"), title: link.textContent })),
  };
}
