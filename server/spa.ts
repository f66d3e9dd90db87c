import { readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import express, { type Express, type Request } from "express";
import type { Config } from "./config";
import { clientDistDir, clientSourceDir, projectRoot } from "./paths";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** Paths the SPA never answers: the API, uploads and the WebSocket have their own handlers (or a 404). */
const isServerPath = (url: string) => /^\/(api|uploads|ws)(\/|$|\?)/.test(url);

function fillTemplate(html: string, config: Config): string {
  return html.replaceAll("%SITE_NAME%", escapeHtml(config.SITE_NAME));
}

export interface ClientHandle {
  mount(app: Express): void;
  close(): Promise<void>;
}

/** Production: the built files of dist/public, index.html for every other GET. */
export function builtClient(config: Config): ClientHandle {
  let template: string | undefined;
  const indexHtml = async () => (template ??= await readFile(path.join(clientDistDir, "index.html"), "utf8"));
  return {
    mount(app) {
      app.use(
        "/assets",
        express.static(path.join(clientDistDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
      );
      app.use(express.static(clientDistDir, { index: false }));
      app.get(/.*/, async (req, res, next) => {
        if (isServerPath(req.originalUrl)) return next();
        try {
          res.set("Cache-Control", "no-cache").type("html").send(fillTemplate(await indexHtml(), config));
        } catch (error) {
          next(error);
        }
      });
    },
    close: async () => {},
  };
}

/** Development: Vite as middleware with hot reload over the same HTTP server. */
export async function viteClient(config: Config, httpServer: Server): Promise<ClientHandle> {
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
          res.type("html").send(fillTemplate(await vite.transformIndexHtml(req.originalUrl, html), config));
        } catch (error) {
          next(error);
        }
      });
    },
    close: () => vite.close(),
  };
}
