import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createServer, type Plugin } from "vite";
import { CLIENT_ROUTES } from "../shared/client-routes.ts";

/** The pages a visitor's first load paints from the HTML: the signed-out pages. */
export const VISITOR_PAGES = [CLIENT_ROUTES.home, CLIENT_ROUTES.login, CLIENT_ROUTES.register];

/** Where the build keeps them, by path: read by server/spa.ts (a dot folder, so never served as a file). */
export const VISITOR_SCREENS_FILE = ".vite/visitor-screens.json";

/**
 * index.html's placeholders the server fills per request (server/spa.ts fillPage), by the meta tag
 * the client reads them from. The screens are drawn with a marker in their place, which then becomes
 * the placeholder again, so the site name the server is configured with shows in them too.
 */
const PLACEHOLDERS = { "site-name": "%SITE_NAME%", "public-url": "%PUBLIC_URL%" };
const marker = (meta: string) => `prerender-marker-${meta}`;

/**
 * Draws the visitor pages at build time with the app's own components (client/src/prerender.tsx,
 * loaded through Vite's SSR in a happy-dom document served without a session cookie), into
 * VISITOR_SCREENS_FILE. The server puts a page's screen into `#root` for a request without a
 * session cookie, so it paints before any script has run, and main.tsx hydrates it
 * (docs/decisions/047-visitor-screens-in-the-html.md).
 */
export function prerenderScreens(): Plugin {
  let outDir = "";
  let configFile: string | undefined;
  return {
    name: "enclave-prerender-screens",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      configFile = config.configFile;
    },
    async closeBundle() {
      const screens = await drawScreens(configFile);
      await writeFile(path.join(outDir, VISITOR_SCREENS_FILE), JSON.stringify(screens));
    },
  };
}

/** What the client's modules read from the global scope as they load and render. */
const BROWSER_GLOBALS = ["window", "document", "navigator", "location"];

async function drawScreens(configFile: string | undefined): Promise<Record<string, string>> {
  const { Window } = await import("happy-dom");
  const window = new Window({ url: "http://localhost/" });
  const metas = Object.keys(PLACEHOLDERS)
    .map((name) => `<meta name="${name}" content="${marker(name)}">`)
    .join("");
  // As server/spa.ts sends the app's page to a request without a session cookie.
  window.document.write(`<!doctype html><html><head>${metas}<meta name="visitor" content="no session cookie"></head><body><div id="root"></div></body></html>`);
  // The window's own names (HTMLElement, localStorage, matchMedia...) where Node has none, and the browser's.
  const saved = BROWSER_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  const added = Object.getOwnPropertyNames(window).filter((name) => !(name in globalThis) && !BROWSER_GLOBALS.includes(name));
  for (const name of [...added, ...BROWSER_GLOBALS]) {
    Object.defineProperty(globalThis, name, { value: window[name as keyof typeof window], configurable: true, writable: true });
  }

  const cacheDir = await mkdtemp(path.join(os.tmpdir(), "prerender-"));
  const vite = await createServer({
    configFile,
    cacheDir,
    logLevel: "warn",
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
  });
  try {
    const { renderApp } = (await vite.ssrLoadModule("/src/prerender.tsx")) as { renderApp(): Promise<string> };
    const screens: Record<string, string> = {};
    for (const page of VISITOR_PAGES) {
      window.happyDOM.setURL(`http://localhost${page}`);
      let html = await renderApp();
      for (const [meta, placeholder] of Object.entries(PLACEHOLDERS)) html = html.replaceAll(marker(meta), placeholder);
      if (/<script/i.test(html)) throw new Error(`The screen of ${page} has a script: the CSP allows none inline`);
      screens[page] = html;
    }
    return screens;
  } finally {
    await vite.close();
    await rm(cacheDir, { recursive: true, force: true });
    for (const name of added) delete (globalThis as Record<string, unknown>)[name];
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    await window.happyDOM.close();
  }
}
