/**
 * The link targets a member's text may carry: http(s) and mailto URLs, and paths of this site
 * (`/…`, never `//host` or `/\host`, which browsers read as another host).
 */
const ALLOWED_HREF = /^(?:https?:\/\/|mailto:|\/(?![/\\]))/i;

export const isAllowedHref = (href: string) => ALLOWED_HREF.test(href);

/** Links that leave the site open in a new tab. */
export const isExternalHref = (href: string) => /^https?:/i.test(href);

/** Every member-written link: no ranking credit, no window.opener. */
export const LINK_REL = "nofollow ugc noopener";
