import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";

/** What a build precompressed (scripts/precompress.ts), best first. */
const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

function listFiles(dir: string, base = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(path.join(dir, entry.name), `${base}/${entry.name}`) : [`${base}/${entry.name}`],
  );
}

/**
 * The built client's files (dist/public), sent precompressed when the browser takes brotli or gzip:
 * `/assets/x.js` is answered from `x.js.br` with `Content-Encoding: br`, so nothing static is
 * compressed per request. Hashed assets are immutable for a year; other files (favicon) revalidate.
 */
export function serveBuiltFiles(dir: string): RequestHandler {
  const files = new Set(listFiles(dir));
  const assets = express.static(path.join(dir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false, index: false });
  const others = express.static(dir, { index: false });
  const router = express.Router();
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const original = req.path;
    if (!files.has(original) || original.endsWith(".html")) return next();
    res.setHeader("Vary", "Accept-Encoding");
    const accepted = req.get("accept-encoding") ?? "";
    const encoding = ENCODINGS.find((candidate) => files.has(original + candidate.extension) && accepted.includes(candidate.name));
    if (encoding) {
      // The type of the original file; `send` keeps a Content-Type already set.
      res.type(path.extname(original));
      res.setHeader("Content-Encoding", encoding.name);
      req.url = req.url.replace(original, original + encoding.extension);
    }
    next();
  });
  router.use("/assets", assets);
  router.use(others);
  return router;
}
