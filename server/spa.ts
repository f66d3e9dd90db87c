import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import express, { type Express, type Request } from "express";
import type { Config } from "./config";
import { escapeHtml } from "./html";
import { clientDistDir, clientSourceDir, projectRoot } from "./paths";
import { siteOrigin } from "./site-origin";


/** Paths the SPA never answers: the API, uploads and the WebSocket have their own handlers (or a 404). */
const isServerPath = (url: string) => /^\/(api|uploads|ws)(\/|$|\?)/.test(url);

/** Tags for the page's <head> that depend on the path (e.g. a bio card's share preview). */
export type HeadTags = (req: Request) => Promise<string>;

/**
 * index.html as served: the site name and the site's origin (PUBLIC_URL, else the request's; the
 * client builds the bio card's shareable URL from it) filled in, then the path's head tags.
 */
async function fillTemplate(html: string, config: Config, req: Request, headTags?: HeadTags): Promise<string> {
  const tags = headTags ? await headTags(req) : "";
  return html
    .replaceAll("%SITE_NAME%", escapeHtml(config.SITE_NAME))
    .replaceAll("%PUBLIC_URL%", escapeHtml(siteOrigin(config, req)))
    .replace("</head>", tags ? `  ${tags}\n  </head>` : "</head>");
}

export interface ClientHandle {
  mount(app: Express): void;
  close(): Promise<void>;
}

/** Production: the built files of dist/public (or `dir`), index.html for every other GET. */
export function builtClient(config: Config, { headTags, dir = clientDistDir }: { headTags?: HeadTags; dir?: string } = {}): ClientHandle {
  let template: string | undefined;
  const indexHtml = async () => (template ??= await readFile(path.join(dir, "index.html"), "utf8"));
  return {
    mount(app) {
      app.use(
        "/assets",
        express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
      );
      app.use(express.static(dir, { index: false }));
      app.get(/.*/, async (req, res, next) => {
        if (isServerPath(req.originalUrl)) return next();
        try {
          res.set("Cache-Control", "no-cache").type("html").send(await fillTemplate(await indexHtml(), config, req, headTags));
        } catch (error) {
          next(error);
        }
      });
    },
    close: async () => {},
  };
}

/** Development: Vite as middleware with hot reload over the same HTTP server. */
export async function viteClient(config: Config, httpServer: Server, { headTags }: { headTags?: HeadTags } = {}): Promise<ClientHandle> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(projectRoot, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  return {
    mount(app) {
      app.use(vite.middlewares);
      app.get(/.*/, async (req: Request, res, next) => {
        if (isServerPath(req.originalUrl)) return next();
        try {
          const html = await readFile(path.join(clientSourceDir, "index.html"), "utf8");
          res.type("html").send(await fillTemplate(await vite.transformIndexHtml(req.originalUrl, html), config, req, headTags));
        } catch (error) {
          next(error);
        }
      });
    },
    close: () => vite.close(),
  };
}
