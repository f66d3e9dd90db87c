import express, { type Express, type RequestHandler } from "express";
import type pg from "pg";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./logger";
import { apiNotFound, errorHandler } from "./middlewares/error-handler";
import { refuseNulInBody, refuseNulInUrl } from "./middlewares/refuse-nul";
import { requestLogger } from "./middlewares/request-logger";
import { compressAnswers } from "./middlewares/compress-answers";
import { refuseMalformedHost } from "./site-origin";
import { securityHeaders } from "./middlewares/security-headers";
import { createSessionMiddleware } from "./middlewares/session";
import { SessionCache } from "./identity/session-cache";
import { watchIdentityChanges } from "./identity/changes";
import { createListener, type Listener } from "./db/listener";
import { MEMBER_BLOCKS_CHANNEL, MemberDirectory } from "./queries/member-directory";
import { createPassport } from "./auth/passport";
import { blockBannedMembers } from "./middlewares/guards";
import { createAbuseLimits } from "./middlewares/abuse-limits";
import { refuseCrossSiteWrites } from "./middlewares/same-origin";
import { accountRouter } from "./routes/account/account";
import { adminRouter } from "./routes/admin/admin";
import { startDeletionRunner } from "./commands/deletion-runner";
import { authRouter } from "./routes/auth/auth";
import { bioRouter } from "./routes/bio/bio";
import { invitesRouter } from "./routes/invites/invites";
import { profileCommentsRouter } from "./routes/profile-comments/profile-comments";
import { serveUploads, uploadsRouter } from "./routes/uploads/uploads";
import { usersRouter } from "./routes/users/users";
import { UPLOADS_PATH } from "./uploads/files";
import { healthRouter } from "./routes/health/health";
import { postsRouter } from "./routes/posts/posts";
import { searchRouter } from "./routes/search/search";
import { notificationsRouter } from "./routes/notifications/notifications";
import { topicsRouter } from "./routes/topics/topics";
import { adminCategoriesRouter, categoriesRouter } from "./routes/categories/categories";
import { linksRouter } from "./routes/links/links";
import { cardPageRouter } from "./routes/bio/card-page";
import { appPage, type ClientHandle } from "./spa";

export interface AppDependencies {
  config: Config;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** The client's files and page templates (Vite in development, the build in production, stand-ins in tests); absent, only the API is served. */
  client?: Pick<ClientHandle, "files" | "templates">;
}

export interface App {
  app: Express;
  /** The session middleware, also run on WebSocket upgrades to identify the member. */
  session: RequestHandler;
  /** The process's one LISTEN connection, for every subscriber (/ws too). */
  listener: Listener;
  close(): Promise<void>;
}

/** The Express application, without listening: index.ts serves it, tests drive it with supertest. */
export function createApp({ config, database, logger, sessionSecret, client }: AppDependencies): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY ? 1 : false);
  app.use(requestLogger(logger));
  app.use(refuseMalformedHost);
  app.use(refuseNulInUrl);
  app.use(securityHeaders({ development: config.NODE_ENV === "development", publicUrl: config.PUBLIC_URL }));
  // Pages and API answers over 1 kB; built assets are sent precompressed (static-files.ts).
  app.use(compressAnswers());

  // The process's one LISTEN connection; until it listens, the caches below hold nothing, and a
  // failed first connection retries like a dropped one.
  const listener = createListener({ connection: { ...(database.pool.options as pg.ClientConfig) }, logger });
  void listener.start().catch((error: Error) => logger.warn({ error: error.message }, "Listener could not start"));
  // Sessions with their member's identity, told of every identity change (server/identity/changes.ts).
  const sessionCache = new SessionCache();
  const stopWatchingIdentity = watchIdentityChanges({ pool: database.pool, listener, cache: sessionCache });
  const memberDirectory = new MemberDirectory(database.db);
  void listener.subscribe(MEMBER_BLOCKS_CHANNEL, memberDirectory);
  const session = createSessionMiddleware({ pool: database.pool, db: database.db, secret: sessionSecret, cache: sessionCache });
  const passport = createPassport(database.db, config.BCRYPT_COST);
  const { db } = database;

  const limits = createAbuseLimits(db, config);
  // Member deletions in batches, in every process: what one started and what another left unfinished.
  const deletionSettings = { batchSize: config.MEMBER_DELETION_BATCH_SIZE, uploadDir: config.UPLOAD_DIR };
  const deletions = startDeletionRunner(db, deletionSettings, logger);

  const api = express.Router();
  api.use("/health", healthRouter(database.pool));
  api.use(refuseCrossSiteWrites(config));
  api.use(limits.api);
  api.use(express.json({ limit: "100kb" }), refuseNulInBody);
  api.use(session.middleware, session.keepAlive, passport.session());
  api.use(blockBannedMembers);

  // One router per resource. Most sit under their prefix; those whose URLs span prefixes (a post is
  // reached under its topic and by its own id) are mounted here with their paths spelled out.
  api.use("/auth", authRouter({ db, config, passport, limits }));
  api.use(accountRouter({ db, config, loginLimit: limits.login }));
  api.use("/user/links", linksRouter({ db }));
  api.use("/topics", topicsRouter({ db, writeLimit: limits.writes }));
  api.use(categoriesRouter({ db }));
  api.use(postsRouter({ db, writeLimit: limits.writes }));
  api.use("/search", searchRouter({ db, searchLimit: limits.search }));
  api.use("/notifications", notificationsRouter({ db }));
  api.use("/users", usersRouter({ db, memberDirectory }));
  api.use(profileCommentsRouter({ db, writeLimit: limits.writes }));
  api.use("/invites", invitesRouter({ db }));
  api.use("/bio", bioRouter({ db }));
  api.use("/upload", uploadsRouter({ db, uploadDir: config.UPLOAD_DIR, quotaMb: config.UPLOAD_QUOTA_MB, uploadLimit: limits.uploads }));
  api.use("/admin/categories", adminCategoriesRouter({ db }));
  api.use("/admin", adminRouter({ db, memberDirectory, deletionSettings, deletions }));
  api.use(apiNotFound);
  app.use("/api", api);
  app.use(UPLOADS_PATH, serveUploads(config.UPLOAD_DIR));

  if (client) {
    app.use(client.files);
    const identify = [session.middleware, passport.session()];
    app.use(cardPageRouter({ db, config, templates: client.templates, limit: limits.api, identify }));
    app.get("/{*path}", appPage(config, client.templates));
  }
  app.use(errorHandler(logger));

  return {
    app,
    session: session.middleware,
    listener,
    async close() {
      await deletions.close();
      stopWatchingIdentity();
      await listener.close();
    },
  };
}
