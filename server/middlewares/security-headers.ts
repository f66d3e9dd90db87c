import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";
import { isWellFormedHost } from "../site-origin";

/** The site's own WebSocket origin, for connect-src (older browsers do not count ws: as 'self'). */
const ownWebSocketOrigin = (req: IncomingMessage, publicUrl: string | undefined) => {
  if (publicUrl) return publicUrl.replace(/^http/, "ws");
  const host = req.headers.host;
  if (!isWellFormedHost(host)) return "'self'";
  const secure = (req as { secure?: boolean }).secure;
  return `${secure ? "wss" : "ws"}://${host}`;
};

/**
 * helmet with the CSP of docs/product.md "Security baseline". In development Vite injects an inline
 * React-refresh preamble, so inline scripts are allowed there and only there.
 */
export function securityHeaders({ development, publicUrl }: { development: boolean; publicUrl?: string }): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          // Radix dialogs inject <style> elements for scroll locking.
          styleSrc: ["'self'", "'unsafe-inline'"],
          // data: for the share dialog's QR code, a PNG made in the browser (nothing a member supplies).
          imgSrc: ["'self'", "https:", "data:"],
          mediaSrc: ["'self'", "https:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'", (req) => ownWebSocketOrigin(req, publicUrl)],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // HSTS only makes sense over https; added below when the request came that way.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
    (req, res, next) => {
      if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=15552000; includeSubDomains");
      next();
    },
  ];
}
