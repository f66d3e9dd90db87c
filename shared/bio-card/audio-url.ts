// Where a card's track plays from. Shared-storage links are rewritten to their direct-download
// forms (docs/product.md "Bio cards"); anything that is not http(s) or one of the site's own paths is
// never handed to the audio element.

/** Google Drive's share link: https://drive.google.com/file/d/<id>/view?usp=sharing */
const GOOGLE_DRIVE_FILE = /^\/file\/d\/([A-Za-z0-9_-]+)(?:\/[^?#]*)?$/;

function isDropboxHost(host: string): boolean {
  return host === "dropbox.com" || host === "www.dropbox.com";
}

/**
 * The address an audio element can play: Google Drive `/file/d/<id>/view` becomes
 * `https://drive.google.com/uc?export=download&id=<id>`, a Dropbox link with `dl=0` (or none) gets
 * `dl=1`; other http(s) links are kept as they are. Blank or unsafe input gives null.
 */
export function directAudioUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith("/")) return value.startsWith("//") || value.includes("\\") ? null : value;

  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;

  if (url.hostname === "drive.google.com") {
    const id = GOOGLE_DRIVE_FILE.exec(url.pathname)?.[1] ?? (url.pathname === "/open" ? url.searchParams.get("id") : null);
    if (id && /^[A-Za-z0-9_-]+$/.test(id)) return `https://drive.google.com/uc?export=download&id=${id}`;
    return url.href;
  }
  if (isDropboxHost(url.hostname)) {
    if (url.searchParams.get("raw") === "1") return url.href;
    url.searchParams.set("dl", "1");
    return url.href;
  }
  return url.href;
}

/** An image or file URL that may be used as a `src`: the site's own paths or http(s); else null. */
export function safeMediaUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith("/")) return value.startsWith("//") || value.includes("\\") ? null : value;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A link's target when it is safe to open: http(s) or mailto only; else null. */
export function safeLinkUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
