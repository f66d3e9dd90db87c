import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Router } from "express";
import { buildOpenApiDocument } from "../../openapi/document";
import { renderDocsPage } from "../../openapi/docs-page";
import { projectRoot } from "../../paths";

/** What the process serves, made on first ask and kept: the routes do not change while it runs. */
interface Reference {
  json: string;
  etag: string;
  page: string;
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, with an ETag) and GET /api/docs (it as a page,
 * server-rendered, nothing loaded from elsewhere). Public; under the API's limit per address.
 */
export function openApiRouter({ siteName }: { siteName: string }): Router {
  const router = Router();
  let reference: Reference | undefined;
  const load = (): Reference => {
    if (reference) return reference;
    const { version } = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string };
    const document = buildOpenApiDocument({ siteName, version });
    const json = JSON.stringify(document);
    reference = { json, etag: `"${createHash("sha1").update(json).digest("base64url")}"`, page: renderDocsPage(document) };
    return reference;
  };

  router.get("/openapi.json", (req, res) => {
    const { json, etag } = load();
    res.set({ ETag: etag, "Cache-Control": "no-cache" });
    if (req.fresh) return res.status(304).end();
    res.type("json").send(json);
  });

  router.get("/docs", (_req, res) => {
    res.set("Cache-Control", "no-cache").type("html").send(load().page);
  });

  return router;
}
