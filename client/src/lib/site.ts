const DEFAULT_SITE_NAME = "Enclave";

/** The content of a meta tag the server fills in when it serves index.html, or undefined where it did not. */
function servedMeta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content && !/^%[A-Z_]+%$/.test(content) ? content : undefined;
}

/**
 * The site name is a runtime setting: the server writes it into `<meta name="site-name">` of
 * index.html. Where nothing replaced the placeholder (the Vite dev server on its own), the default
 * name is used.
 */
export const siteName = servedMeta("site-name") ?? DEFAULT_SITE_NAME;

/**
 * Where the site is reached (`https://community.example`), for URLs meant to be shared: PUBLIC_URL
 * when set, else the origin the page was served from (`<meta name="public-url">`, written by the server).
 */
export const siteOrigin = servedMeta("public-url") ?? window.location.origin;
