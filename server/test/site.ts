import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createApp } from "../app";
import { createLogger } from "../logger";
import { publicCardPage } from "../routes/bio/card-page";
import { builtClient } from "../spa";
import type { TestApp } from "./app";

const PAGE = (entry: string) => `<html><head><meta name="public-url" content="%PUBLIC_URL%"><title>%SITE_NAME%</title></head><body><script src="/${entry}.js"></script></body></html>`;

/**
 * The whole site of a test app (or of `config`), pages included, as production serves it
 * (builtClient): the app's and the card's entries are stand-in pages that name their script (app.js,
 * card.js).
 */
export async function createTestSite(t: TestApp, config = t.config) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "enclave-spa-"));
  await writeFile(path.join(dir, "index.html"), PAGE("app"));
  await writeFile(path.join(dir, "card.html"), PAGE("card"));
  const site = createApp({
    config,
    database: t.database,
    logger: createLogger({ level: "silent" }),
    sessionSecret: "test-session-secret-that-is-long-enough",
    mountClient: builtClient(config, { dir, cardPage: publicCardPage(t.database.db, config) }).mount,
  });
  return {
    app: site.app,
    close: async () => {
      await site.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
