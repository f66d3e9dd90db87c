import type { Device } from "../commands/count-visit";

/**
 * Analytics' devices: a phone or tablet browser says so in its user agent ("Mobi" is Mozilla's own
 * advice; Android tablets, iPads asking for the mobile site and older phones name themselves).
 * Everything else counts as desktop. iPadOS asking for the desktop site cannot be told apart.
 */
const MOBILE_USER_AGENT = /mobi|android|iphone|ipad|ipod|windows phone|blackberry|opera mini|iemobile|webos/i;

/** The pattern is plain alternation: linear time whatever the header. */
export const deviceOf = (userAgent: string | undefined): Device => (userAgent && MOBILE_USER_AGENT.test(userAgent) ? "mobile" : "desktop");
