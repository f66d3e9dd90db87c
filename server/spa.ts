import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import type { Express, Request, RequestHandler, Response } from "express";
import { isClientRoute } from "@shared/client-routes";
import { isPublicCardPath, PUBLIC_CARD_PATH } from "@shared/public-card-path";
import type { PublicBioCard } from "@shared/types";
import type { Config } from "./config";
import { escapeHtml, jsonForScript } from "./html";
import { clientDistDir, clientSourceDir, projectRoot } from "./paths";
import { siteOrigin } from "./site-origin";
import { serveBuiltFiles } from "./static-files";

/** Paths the SPA never answers: the API, uploads and the WebSocket have their own handlers (or a 404). */
const isServerPath = (url: string) => /^\/(api|uploads|ws)(\/|$|\?)/.test(url);

/**
 * The public card page of /{username}: undefined when the path is one of the site's own screens
 * (the app's page is sent), else the card (null: none to show) and its share tags.
 */
export type CardPage = (req: Request) => Promise<{ card: PublicBioCard | null; title: string; tags: string } | undefined>;

/** The pages' HTML: the app's (index.html) and the public card's entry (card.html). */
interface Templates {
  app(req: Request): Promise<string>;
  card(req: Request): Promise<string>;
}

/**
 * A replacer for String.prototype.replace that inserts `text` as it is: given as a string, `$&`,
 * `` $` ``, `$'` and `$1` in it would be read as patterns, and member text may contain them.
 */
const literal = (text: string) => () => text;

/**
 * A page as served: the site name and the site's origin (PUBLIC_URL, else the request's; the client
 * builds the bio card's shareable URL from it) filled in, then the page's title (the site name
 * unless given), head tags and body data.
 */
function fill(html: string, config: Config, req: Request, { title, tags = "", body = "" }: { title?: string; tags?: string; body?: string } = {}): string {
  return html
    .replace(/<title>%SITE_NAME%<\/title>/, literal(`<title>${escapeHtml(title ?? config.SITE_NAME)}</title>`))
    .replaceAll("%SITE_NAME%", literal(escapeHtml(config.SITE_NAME)))
    .replaceAll("%PUBLIC_URL%", literal(escapeHtml(siteOrigin(config, req))))
    .replace("</head>", literal(tags ? `  ${tags}\n  </head>` : "</head>"))
    .replace("</body>", literal(body ? `  ${body}\n  </body>` : "</body>"));
}

/**
 * Answers GET of every page. /{username} is the card entry with the card's data embedded, escaped,
 * in a non-executable script, so it renders with no further request (decisions.md "Speed"); the
 * viewer is identified there only (`identify`), so the owner's own visits are not counted. Any
 * other path is the app: 200 for its screens, 404 (its not-found screen) for a path that is none.
 */
function mountPages(app: Express, config: Config, templates: Templates, identify: RequestHandler[], cardPage?: CardPage) {
  const send = (res: Response, status: number, html: string) => res.status(status).set("Cache-Control", "no-cache").type("html").send(html);
  if (cardPage) {
    app.get(PUBLIC_CARD_PATH, ...identify, async (req, res, next) => {
      try {
        const page = await cardPage(req);
        if (!page) return next();
        const data = `<script type="application/json" id="card-data">${jsonForScript(page.card)}</script>`;
        send(res, page.card ? 200 : 404, fill(await templates.card(req), config, req, { title: page.title, tags: page.tags, body: data }));
      } catch (error) {
        next(error);
      }
    });
  }
  app.get(/.*/, async (req, res, next) => {
    if (isServerPath(req.originalUrl)) return next();
    try {
      const known = isClientRoute(req.path) || isPublicCardPath(req.path);
      send(res, known ? 200 : 404, fill(await templates.app(req), config, req));
    } catch (error) {
      next(error);
    }
  });
}

export interface ClientHandle {
  /** `identify` runs the session and sign-in middleware, for the pages that need to know the viewer. */
  mount(app: Express, identify: RequestHandler[]): void;
  close(): Promise<void>;
}

/** Production: the built files of dist/public (or `dir`), precompressed; a page for every other GET. */
export function builtClient(config: Config, { dir = clientDistDir, cardPage }: { dir?: string; cardPage?: CardPage } = {}): ClientHandle {
  const cache = new Map<string, Promise<string>>();
  const template = (name: string) => () => {
    let html = cache.get(name);
    if (!html) cache.set(name, (html = readFile(path.join(dir, name), "utf8")));
    return html;
  };
  return {
    mount(app, identify) {
      app.use(serveBuiltFiles(dir));
      mountPages(app, config, { app: template("index.html"), card: template("card.html") }, identify, cardPage);
    },
    close: async () => {},
  };
}

/** Development: Vite as middleware with hot reload over the same HTTP server. */
export async function viteClient(config: Config, httpServer: Server, { cardPage }: { cardPage?: CardPage } = {}): Promise<ClientHandle> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(projectRoot, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const template = (name: string) => async (req: Request) =>
    vite.transformIndexHtml(req.originalUrl, await readFile(path.join(clientSourceDir, name), "utf8"));
  return {
    mount(app, identify) {
      app.use(vite.middlewares);
      mountPages(app, config, { app: template("index.html"), card: template("card.html") }, identify, cardPage);
    },
    close: () => vite.close(),
  };
}
