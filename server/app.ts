import express, { type Express, type RequestHandler } from "express";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import { apiNotFound, errorHandler } from "./middlewares/error-handler";
import { requestLogger } from "./middlewares/request-logger";
import { securityHeaders } from "./middlewares/security-headers";
import { createSessionMiddleware } from "./middlewares/session";
import { healthRouter } from "./routes/health/health";

export interface AppDependencies {
  config: Config;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** Serves the SPA (Vite in development, built files in production); API tests leave it out. */
  mountClient?: (app: Express) => void;
}

export interface App {
  app: Express;
  /** The session middleware, also run on WebSocket upgrades to identify the member. */
  session: RequestHandler;
  close(): Promise<void>;
}

/** The Express application, without listening: index.ts serves it, tests drive it with supertest. */
export function createApp({ config, database, logger, sessionSecret, mountClient }: AppDependencies): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY ? 1 : false);
  app.use(requestLogger(logger));
  app.use(securityHeaders({ development: config.NODE_ENV === "development" }));

  const session = createSessionMiddleware({ pool: database.pool, secret: sessionSecret });

  const api = express.Router();
  api.use(express.json({ limit: "100kb" }));
  api.use("/health", healthRouter(database.pool));
  api.use(session.middleware);
  api.use(apiNotFound);
  app.use("/api", api);

  mountClient?.(app);
  app.use(errorHandler(logger));

  return { app, session: session.middleware, close: async () => session.close() };
}
