/**
 * A link's window on the public card (docs/product.md "Public card page"): shown
 * from `visibleFrom` (included) until `visibleUntil` (excluded), either end open when null. Takes
 * the times as the server stores them (Date) or as the API sends them (ISO strings).
 */
export type LinkWindow = { visibleFrom: Date | string | null; visibleUntil: Date | string | null };

/** Where `now` falls in the window: before it (`scheduled`), after it (`expired`) or inside (`live`). */
export function linkSchedule(link: LinkWindow, now: Date | number = Date.now()): "scheduled" | "live" | "expired" {
  const time = new Date(now).getTime();
  if (link.visibleFrom !== null && time < new Date(link.visibleFrom).getTime()) return "scheduled";
  if (link.visibleUntil !== null && time >= new Date(link.visibleUntil).getTime()) return "expired";
  return "live";
}

/** The public card shows a link, and counts its clicks, when it is visible and inside its window. */
export const isLinkShown = (link: LinkWindow & { isVisible: boolean }, now: Date | number = Date.now()): boolean =>
  link.isVisible && linkSchedule(link, now) === "live";

/**
 * The next instant after `now` at which one of these links comes into or goes out of its window
 * (undefined when none will): what is shown until then stays as it is.
 */
export function nextScheduleChange(links: (LinkWindow & { isVisible: boolean })[], now: Date | number = Date.now()): number | undefined {
  const time = new Date(now).getTime();
  const ends = links
    .filter((link) => link.isVisible)
    .flatMap((link) => [link.visibleFrom, link.visibleUntil])
    .map((end) => (end === null ? Number.NaN : new Date(end).getTime()))
    .filter((end) => end > time);
  return ends.length ? Math.min(...ends) : undefined;
}

/** The window's one rule: when both ends are set, the end comes after the start. */
export function linkWindowIssues(link: Partial<LinkWindow>): { path: string; message: string }[] {
  if (!link.visibleFrom || !link.visibleUntil) return [];
  return new Date(link.visibleUntil).getTime() > new Date(link.visibleFrom).getTime() ? [] : [{ path: "visibleUntil", message: LINK_WINDOW_MESSAGE }];
}

export const LINK_WINDOW_MESSAGE = "The end of the schedule must come after its start";
