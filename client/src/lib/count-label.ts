/** '1 post', '0 posts', '1,204 posts': a count with its noun, plural unless it is exactly one. */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : plural}`;
}

/** A count in a small badge: '99+' past 99 (unread posts are counted up to 100, no further). */
export function badgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}
