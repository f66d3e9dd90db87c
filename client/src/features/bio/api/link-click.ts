/**
 * POST /api/bio/{username}/links/{id}/click, the click beacon of the public card: sent with
 * navigator.sendBeacon so it survives the page being left, with no body. The server counts it once
 * per visitor per link per day, never the owner's or a bot's.
 */
export function sendLinkClick(username: string, linkId: number): void {
  const url = `/api/bio/${encodeURIComponent(username)}/links/${linkId}/click`;
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
  void fetch(url, { method: "POST", credentials: "include", keepalive: true }).catch(() => {});
}
