import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { isClientRoute } from "@shared/client-routes";
import { isPublicCardPath } from "@shared/public-card-path";
import type { Config } from "./config";
import { escapeHtml } from "./html";
import { SESSION_COOKIE } from "./middlewares/session";
import { clientDistDir, clientSourceDir, projectRoot } from "./paths";
import { siteOrigin } from "./site-origin";
import { serveBuiltFiles } from "./static-files";

/** Paths the SPA never answers: the API, uploads and the WebSocket have their own handlers (or a 404). */
const isServerPath = (url: string) => /^\/(api|uploads|ws)(\/|$|\?)/.test(url);

/** The pages' HTML as the client serves it: the app's (index.html) and the public card's entry (card.html). */
export interface PageTemplates {
  app(req: Request): Promise<string>;
  card(req: Request): Promise<string>;
}

/**
 * The client as app.ts mounts it: its files (Vite in development, the built files in production)
 * and the HTML of its pages, which app.ts's page routes fill in.
 */
export interface ClientHandle {
  files: RequestHandler;
  templates: PageTemplates;
  close(): Promise<void>;
}

/**
 * A replacer for String.prototype.replace that inserts `text` as it is: given as a string, `$&`,
 * `` $` ``, `$'` and `$1` in it would be read as patterns, and member text may contain them.
 */
const literal = (text: string) => () => text;

/**
 * A page as served: first the template's own placeholders (the site name, and the site's origin:
 * PUBLIC_URL, else the request's; the client builds the bio card's shareable URL from it), then the
 * page's title (the site name unless given), head tags and body data. Member text goes in last and
 * escaped, so nothing in it is ever read as a placeholder or as the end of an element.
 */
export function fillPage(html: string, config: Config, req: Request, { title, tags = "", body = "" }: { title?: string; tags?: string; body?: string } = {}): string {
  return html
    .replaceAll("%SITE_NAME%", literal(escapeHtml(config.SITE_NAME)))
    .replaceAll("%PUBLIC_URL%", literal(escapeHtml(siteOrigin(config, req))))
    .replace(/<title>[^<]*<\/title>/, literal(`<title>${escapeHtml(title ?? config.SITE_NAME)}</title>`))
    .replace("</head>", literal(tags ? `  ${tags}\n  </head>` : "</head>"))
    .replace("</body>", literal(body ? `  ${body}\n  </body>` : "</body>"));
}

/** Pages are rendered per request (the origin, the card): browsers revalidate them. */
export const sendPage = (res: Response, status: number, html: string) => res.status(status).set("Cache-Control", "no-cache").type("html").send(html);

/** Whether a request carries a session cookie (its session may have ended: the server decides that). */
const hasSessionCookie = (req: Request) => (req.headers.cookie ?? "").split(";").some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * The app's page for every GET that no route took, outside the API, uploads and the WebSocket: 200
 * for its screens (and a card path a card route passed on), 404 for any other (where the client
 * shows a member its not-found screen and a visitor the welcome page).
 */
export function appPage(config: Config, templates: PageTemplates): RequestHandler {
  return async (req, res, next) => {
    if (isServerPath(req.originalUrl)) return next();
    const known = isClientRoute(req.path) || isPublicCardPath(req.path);
    // Tells the client it may draw a visitor's screen before it knows who is signed in (router.tsx).
    const tags = hasSessionCookie(req) ? "" : '<meta name="visitor" content="no session cookie">';
    sendPage(res, known ? 200 : 404, fillPage(await templates.app(req), config, req, { tags }));
  };
}

/** What Vite's build manifest (.vite/manifest.json) says of a chunk. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The screen a first load of a path shows, by its first segment, as the manifest names its source:
 * a visitor's, and a member's where it differs. Only the signed-out pages: their largest paint is
 * this screen, which the app would otherwise ask for only once its own script has run.
 */
const FIRST_SCREENS: Record<string, { visitor: string; member?: string }> = {
  "": { visitor: "src/app/routes/home/landing.tsx", member: "src/app/routes/dashboard/dashboard.tsx" },
  login: { visitor: "src/app/routes/auth/login.tsx" },
  register: { visitor: "src/app/routes/auth/register.tsx" },
};

/**
 * `<link rel="modulepreload">` tags for the chunks of the screen a first load of `pathname` shows
 * (with its imports, less those index.html loads already), so they load beside the app's script
 * rather than after it. `signedIn` (the request carries a session cookie) picks the member's screen
 * where it differs; a cookie whose session has ended only costs a preload.
 */
export function firstScreenPreloads(manifest: BuildManifest, pathname: string, signedIn: boolean): string {
  const screen = FIRST_SCREENS[pathname.split("/")[1] ?? ""];
  if (!screen || pathname.split("/").length > 2) return "";
  const source = signedIn ? (screen.member ?? screen.visitor) : screen.visitor;
  const loaded = new Set(["index.html", ...(manifest["index.html"]?.imports ?? [])]);
  const files: string[] = [];
  const visit = (key: string) => {
    if (loaded.has(key) || !manifest[key]) return;
    loaded.add(key);
    files.push(manifest[key].file);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(source);
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join("\n    ");
}

/**
 * A visitor page's screen as the build drew it (scripts/prerender-screens.ts), put into the page's
 * empty `#root`: it paints from the HTML, and the client hydrates it. `#root` stays inert until then
 * (client/src/app/server-drawn-screen.tsx). The screen's placeholders are filled with the page's.
 * Its first paint then waits for the stylesheet alone, not for the app's scripts: they load at a
 * low priority, after it, rather than sharing the connection with it.
 */
function withDrawnScreen(html: string, screen: string): string {
  return html
    .replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`)
    .replace('<div id="root"></div>', literal(`<div id="root" inert>${screen}</div>`));
}

/** Reads a JSON file of the build, or undefined when the build has none. */
function readBuildJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

/** Production: the built files of dist/public (or `dir`), precompressed, and its pages. */
export function builtClient({ dir = clientDistDir }: { dir?: string } = {}): ClientHandle {
  const cache = new Map<string, Promise<string>>();
  const template = (name: string) => () => {
    let html = cache.get(name);
    if (!html) cache.set(name, (html = readFile(path.join(dir, name), "utf8")));
    return html;
  };
  const app = template("index.html");
  // A build without them still serves its pages, without the first screen's preloads or drawn screens.
  const manifest = readBuildJson<BuildManifest>(path.join(dir, ".vite/manifest.json"));
  const visitorScreens = readBuildJson<Record<string, string>>(path.join(dir, ".vite/visitor-screens.json")) ?? {};
  return {
    files: serveBuiltFiles(dir),
    templates: {
      app: async (req) => {
        const signedIn = hasSessionCookie(req);
        const preloads = manifest ? firstScreenPreloads(manifest, req.path, signedIn) : "";
        let html = preloads ? (await app()).replace("</head>", literal(`  ${preloads}\n  </head>`)) : await app();
        // Only for a visitor: a member at the same path gets another screen (the dashboard, or sent on to it).
        const screen = signedIn ? undefined : Object.hasOwn(visitorScreens, req.path) ? visitorScreens[req.path] : undefined;
        if (screen) html = withDrawnScreen(html, screen);
        return html;
      },
      card: template("card.html"),
    },
    close: async () => {},
  };
}

/** Development: Vite as middleware with hot reload over the same HTTP server. */
export async function viteClient(httpServer: Server): Promise<ClientHandle> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: path.join(projectRoot, "vite.config.ts"),
    server: { middlewareMode: true, hmr: { server: httpServer } },
    appType: "custom",
  });
  const template = (name: string) => async (req: Request) =>
    vite.transformIndexHtml(req.originalUrl, await readFile(path.join(clientSourceDir, name), "utf8"));
  return {
    files: vite.middlewares,
    templates: { app: template("index.html"), card: template("card.html") },
    close: () => vite.close(),
  };
}
