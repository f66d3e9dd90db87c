import { CLIENT_ROUTES } from "@shared/client-routes";
import { servedSignedOut } from "@/lib/served-signed-out";

/**
 * The signed-out pages are drawn at once, not after the current user's answer (nothing waits on
 * /api/auth/user before their first paint); a member is sent on when it comes. "/" only in a page
 * the server sent to a request without a session cookie (server/spa.ts), where it is the landing
 * screen: a member's would flash it before the dashboard.
 */
export function drawnBeforeUserKnown(path: string): boolean {
  if (path === CLIENT_ROUTES.login || path === CLIENT_ROUTES.register) return true;
  return path === CLIENT_ROUTES.home && servedSignedOut();
}
