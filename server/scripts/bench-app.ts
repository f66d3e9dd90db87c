import { once } from "node:events";
import http from "node:http";
import { createApp } from "../app";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { createLogger } from "../logger";

/** The whole app, quiet, on an ephemeral local port, for a benchmark to send real HTTP requests to. */
export async function startBenchApp(config: Config, database: Database): Promise<{ base: string; stop(): Promise<void> }> {
  const { app, close } = createApp({ config, database, logger: createLogger({ level: "silent" }), sessionSecret: "benchmark-session-secret-of-enough-length" });
  const httpServer = http.createServer(app).listen(0, "127.0.0.1");
  await once(httpServer, "listening");
  return {
    base: `http://127.0.0.1:${(httpServer.address() as { port: number }).port}`,
    stop: async () => {
      httpServer.close();
      await close();
    },
  };
}
