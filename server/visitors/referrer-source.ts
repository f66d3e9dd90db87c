import { DIRECT_SOURCE, REFERRER_SOURCE_MAX_LENGTH } from "@shared/constants";

/**
 * Where a view came from, for analytics: the host of `Referer` (a web address), lowercased, with
 * no port, path or query, so nothing of the page a visitor came from is kept but its site. No
 * header, or one that is not an http(s) address with a host, is `direct`.
 */
export function referrerSource(referer: string | undefined): string {
  if (!referer) return DIRECT_SOURCE;
  let host: string;
  try {
    const url = new URL(referer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return DIRECT_SOURCE;
    host = url.hostname.toLowerCase();
  } catch {
    return DIRECT_SOURCE;
  }
  return host && host.length <= REFERRER_SOURCE_MAX_LENGTH ? host : DIRECT_SOURCE;
}
