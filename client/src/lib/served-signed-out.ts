/**
 * Whether the server sent this page to a request without a session cookie (server/spa.ts marks it
 * with `<meta name="visitor">`): no member is signed in on it, so its first screen needs no call to
 * /api/auth/user to know that.
 */
export const servedSignedOut = (): boolean => document.querySelector('meta[name="visitor"]') !== null;
