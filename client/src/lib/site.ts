const DEFAULT_SITE_NAME = "Enclave";
const SITE_NAME_PLACEHOLDER = "%SITE_NAME%";

/**
 * The site name is a runtime setting: the server writes it into
 * `<meta name="site-name">` of index.html. Where nothing replaced the placeholder
 * (the Vite dev server on its own), the default name is used.
 */
function readSiteName(): string {
  const content = document.querySelector<HTMLMetaElement>('meta[name="site-name"]')?.content.trim();
  return content && content !== SITE_NAME_PLACEHOLDER ? content : DEFAULT_SITE_NAME;
}

export const siteName = readSiteName();
