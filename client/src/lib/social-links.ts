// How a member's contact fields become links: handles without a leading '@', websites shown without http(s)://.

export type SocialPlatform = "twitter" | "github" | "telegram";

const PROFILE_URLS: Record<SocialPlatform, (handle: string) => string> = {
  twitter: (handle) => `https://x.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  telegram: (handle) => `https://t.me/${handle}`,
};

/** The handle as it should be shown and linked: trimmed, one leading '@' removed. */
export function cleanHandle(handle: string): string {
  return handle.trim().replace(/^@/, "");
}

/** The profile page of a handle on its platform; null for an empty handle. */
export function socialProfileUrl(platform: SocialPlatform, handle: string): string | null {
  const clean = cleanHandle(handle);
  return clean ? PROFILE_URLS[platform](encodeURIComponent(clean)) : null;
}

/** A website as a link target: only absolute http(s) addresses, anything else is null. */
export function websiteHref(website: string): string | null {
  try {
    const url = new URL(website.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A website as shown: without its http(s):// prefix and without a lone trailing slash. */
export function displayWebsite(website: string): string {
  return website
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^([^/?#]+)\/$/, "$1");
}
