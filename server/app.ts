import express, { type Express, type RequestHandler } from "express";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import { apiNotFound, errorHandler } from "./middlewares/error-handler";
import { requestLogger } from "./middlewares/request-logger";
import { securityHeaders } from "./middlewares/security-headers";
import { createSessionMiddleware } from "./middlewares/session";
import { createPassport } from "./auth/passport";
import { blockBannedMembers } from "./middlewares/guards";
import { rateLimit } from "./middlewares/rate-limit";
import { refuseCrossSiteWrites } from "./middlewares/same-origin";
import { authRouter } from "./routes/auth/auth";
import { healthRouter } from "./routes/health/health";
import { postsRouter } from "./routes/posts/posts";
import { topicsRouter } from "./routes/topics/topics";
import { userRouter } from "./routes/user/user";

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
  const passport = createPassport(database.db, config.BCRYPT_COST);
  const { db } = database;

  const api = express.Router();
  api.use("/health", healthRouter(database.pool));
  api.use(refuseCrossSiteWrites);
  api.use(rateLimit(db, { name: "api", limit: config.RATE_LIMIT_API_PER_MINUTE, windowSeconds: 60 }));
  api.use(express.json({ limit: "100kb" }));
  api.use(session.middleware, passport.session());
  api.use(blockBannedMembers);

  api.use("/auth", authRouter({ db, config, passport }));
  api.use("/user", userRouter({ db }));
  // Posts and profile comments share one per-member budget (decisions.md "Abuse limits").
  const writeLimit = rateLimit(db, {
    name: "writes",
    limit: config.RATE_LIMIT_WRITES_PER_MINUTE,
    windowSeconds: 60,
    message: "You are posting too fast, please wait a moment",
    key: (req) => `user:${req.user!.id}`,
  });
  api.use("/topics", topicsRouter({ db, writeLimit }));
  api.use("/posts", postsRouter({ db }));
  api.use(apiNotFound);
  app.use("/api", api);

  mountClient?.(app);
  app.use(errorHandler(logger));

  return { app, session: session.middleware, close: async () => session.close() };
}
