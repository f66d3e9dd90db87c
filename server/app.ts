import express, { type Express, type RequestHandler } from "express";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Replica } from "./db/replica";
import { readRouting } from "./middlewares/read-your-writes";
import type { Logger } from "./logger";
import { apiNotFound, errorHandler } from "./middlewares/error-handler";
import { answerMethodNotAllowed } from "./middlewares/method-not-allowed";
import { neverStored, privateAnswers } from "./middlewares/cache-control";
import { refuseNulInBody, refuseNulInUrl } from "./middlewares/refuse-nul";
import { requestLogger } from "./middlewares/request-logger";
import { compressAnswers } from "./middlewares/compress-answers";
import { refuseMalformedHost } from "./site-origin";
import { refusePathlessTargets } from "./request-target";
import { securityHeaders } from "./middlewares/security-headers";
import { createSessionMiddleware } from "./middlewares/session";
import { SessionCache } from "./identity/session-cache";
import { watchIdentityChanges } from "./identity/changes";
import { createListener, type Listener } from "./db/listener";
import { createForumCaches, type ForumCaches } from "./cache/forum-cache";
import { MemberDirectory } from "./queries/member-directory";
import { channels, listen } from "./events/channels";
import { countJobs } from "./queries/job-queue";
import { startJobWorker } from "./jobs/worker";
import { createPassport } from "./auth/passport";
import { blockBannedMembers } from "./middlewares/guards";
import { createAbuseLimits } from "./middlewares/abuse-limits";
import { refuseCrossSiteWrites } from "./middlewares/same-origin";
import { authenticateBearerCalls, sessionOnly } from "./middlewares/bearer";
import { accountRouter } from "./routes/account/account";
import { adminRouter } from "./routes/admin/admin";
import { staffMembersRouter } from "./routes/admin/members";
import { moderationLogRouter } from "./routes/moderation-log/moderation-log";
import { runMemberDeletion } from "./commands/member-deletion-job";
import { runBookmarkReminder } from "./commands/bookmark-reminder-job";
import { bookmarksRouter } from "./routes/bookmarks/bookmarks";
import { startMarkdownBackfill } from "./commands/render-stored-markdown";
import { authRouter } from "./routes/auth/auth";
import { TwoFactorSecrets } from "./auth/two-factor";
import { sessionsRouter } from "./routes/sessions/sessions";
import { accessTokensRouter } from "./routes/tokens/tokens";
import { twoFactorRouter } from "./routes/two-factor/two-factor";
import { passkeysRouter } from "./routes/passkeys/passkeys";
import { yourDataRouter } from "./routes/your-data/your-data";
import { bioRouter } from "./routes/bio/bio";
import { invitesRouter } from "./routes/invites/invites";
import { profileCommentsRouter } from "./routes/profile-comments/profile-comments";
import { serveUploads, uploadsRouter } from "./routes/uploads/uploads";
import { usersRouter } from "./routes/users/users";
import { UPLOADS_PATH } from "./uploads/files";
import { createUploadStorage, type UploadStorage } from "./uploads/storage";
import { healthRouter } from "./routes/health/health";
import { postsRouter } from "./routes/posts/posts";
import { draftsRouter } from "./routes/drafts/drafts";
import { previewRouter } from "./routes/preview/preview";
import { reactionsRouter } from "./routes/posts/reactions";
import { searchRouter } from "./routes/search/search";
import { notificationsRouter } from "./routes/notifications/notifications";
import { conversationsRouter } from "./routes/conversations/conversations";
import { flagsRouter, reviewRouter } from "./routes/flags/flags";
import { blocksRouter } from "./routes/blocks/blocks";
import { topicsRouter } from "./routes/topics/topics";
import { adminCategoriesRouter, categoriesRouter } from "./routes/categories/categories";
import { adminGroupsRouter } from "./routes/groups/groups";
import { linksRouter } from "./routes/links/links";
import { openApiRouter } from "./routes/openapi/openapi";
import { cardPageRouter } from "./routes/bio/card-page";
import { createCardPages, type CardPages } from "./card-page/card-pages";
import { shareImageRouter } from "./routes/bio/share-image";
import { appPage, type ClientHandle } from "./spa";
import { createMetrics, type Metrics } from "./metrics/metrics";
import { metricsRouter } from "./routes/metrics/metrics";
import { VisitCounter } from "./visitors/visit-counter";
import { createMail, type MailService } from "./mail/mail-service";
import { emailRouter } from "./routes/email/email";
import { adminMailRouter } from "./routes/admin/mail";
import { adminWatchedWordsRouter } from "./routes/admin/watched-words";
import { WatchedWords } from "./watched-words/watched-words";
import { notificationLevelsRouter } from "./routes/notification-levels/notification-levels";
import { pushRouter } from "./routes/push/push";
import { parsePushAllowHosts } from "./push/push-endpoint";
import { sendPush } from "./push/push-sender";
import { runLinkPreviews } from "./onebox/link-preview-job";
import { AllowedHosts } from "./onebox/safe-fetch";
import { TASKS } from "./jobs/tasks";
import { VapidKeys, vapidSubject } from "./push/vapid-keys";
import { webManifestRouter } from "./routes/install/manifest";

export interface AppDependencies {
  config: Config;
  database: Database;
  logger: Logger;
  sessionSecret: string;
  /** DATABASE_REPLICA_URL's replica, for reads that may be a moment stale; absent, everything reads the primary. */
  replica?: Replica;
  /** The client's files and page templates (Vite in development, the build in production, stand-ins in tests); absent, only the API is served. */
  client?: Pick<ClientHandle, "files" | "templates">;
}

export interface App {
  app: Express;
  /** The session middleware, also run on WebSocket upgrades to identify the member. */
  session: RequestHandler;
  /** The process's one LISTEN connection, for every subscriber (/ws too). */
  listener: Listener;
  /** What /metrics reports; the /ws server adds its socket count. */
  metrics: Metrics;
  /** The forum's hot shared reads (server/cache/). */
  forumCaches: ForumCaches;
  /** Card views and clicks waiting for their batch; `close` writes them. */
  visits: VisitCounter;
  /** The mailer, the outbox's sender and the scheduler of away mails and digests. */
  mail: MailService;
  /** Rendered public cards (server/card-page/card-pages.ts). */
  cardPages: CardPages;
  /** Where uploads are kept (the sweep and the daily backup use it too). */
  storage: UploadStorage;
  close(): Promise<void>;
}

/** The Express application, without listening: index.ts serves it, tests drive it with supertest. */
export function createApp({ config, database, logger, sessionSecret, replica, client }: AppDependencies): App {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY ? 1 : false);
  const metrics = createMetrics(app, database.pool, () => countJobs(database.db));
  app.use(metrics.timeRequests);
  // Uploads in UPLOAD_DIR or the S3_* bucket (docs/decisions/065); its failures are counted in /metrics.
  const storage = createUploadStorage(config, metrics.storage);
  // Read by the `admin` guard (middlewares/guards.ts).
  app.locals.requireAdminTwoFactor = config.REQUIRE_ADMIN_2FA;
  app.use(requestLogger(logger));
  app.use(refusePathlessTargets);
  app.use(refuseMalformedHost);
  app.use(refuseNulInUrl);
  app.use(securityHeaders({ development: config.NODE_ENV === "development", publicUrl: config.PUBLIC_URL }));
  // Pages and API answers over 1 kB; built assets are sent precompressed (static-files.ts).
  app.use(compressAnswers());

  // The process's one LISTEN connection, straight to PostgreSQL (a transaction pooler would hand it
  // to others); until it listens, the caches below hold nothing, and a failed first connection
  // retries like a dropped one.
  const listener = createListener({ connection: { connectionString: database.directUrl, application_name: "enclave", connectionTimeoutMillis: 5_000 }, logger });
  void listener.start().catch((error: Error) => logger.warn({ error: error.message }, "Listener could not start"));
  // Sessions with their member's identity, told of every identity change (server/identity/changes.ts).
  const sessionCache = new SessionCache();
  const stopWatchingIdentity = watchIdentityChanges({ pool: database.pool, listener, cache: sessionCache });
  // The forum's hot shared reads, told of every forum change (server/cache/, docs/decisions/037).
  const forumCaches = createForumCaches({ pool: database.pool, listener });
  const memberDirectory = new MemberDirectory(database.db);
  void listen(listener, channels.memberBlocksChanged, memberDirectory);
  // The watched words every write is checked against, compiled once per change of the list (docs/decisions/064).
  const watchedWords = new WatchedWords(database.db);
  watchedWords.listenOn(listener);
  const session = createSessionMiddleware({ pool: database.pool, db: database.db, secret: sessionSecret, cache: sessionCache });
  const passport = createPassport(database.db, config.BCRYPT_COST);
  const { db } = database;
  const reads = readRouting({ primary: db, replica, secret: sessionSecret });

  const limits = createAbuseLimits(db, config);
  // Member deletions in batches, each a job of the job queue (docs/decisions/021).
  const deletionSettings = { batchSize: config.MEMBER_DELETION_BATCH_SIZE, storage };
  // Posts and comments written before Markdown, rendered in the background (docs/decisions/024).
  const markdownBackfill = startMarkdownBackfill(db, logger);
  // Card views and clicks, written in batches (docs/decisions/035); index.ts closes the app after the HTTP server, so the last batch has every visit.
  // Mail through SMTP_URL or to DATA_DIR/mail from the outbox every process sends (docs/decisions/046), and the away mails and digests (038).
  const mail = createMail({ db, config, logger, sessionSecret });
  // Web push, a job queued with the notification or message, sent after commit (docs/decisions/039).
  const vapidKeys = new VapidKeys(db);
  const pushHosts = parsePushAllowHosts(config.PUSH_ALLOW_HOSTS);
  const push = sendPush({ db, logger, vapidKeys, hosts: pushHosts, subject: vapidSubject(config), siteName: config.SITE_NAME });
  // Rendered public cards, told of every change to what they show (docs/decisions/041) and of the views counted (062).
  const cardPages = createCardPages(listener);
  const visits = new VisitCounter(db, logger, config.VISIT_FLUSH_INTERVAL_MS, config.CARD_VISITORS_PER_ADDRESS, (counts) => {
    for (const { cardId, viewsCount } of counts) cardPages.views.note(cardId, viewsCount);
  });
  // Background jobs, on the one job queue every process works (docs/decisions/052); LISTEN needs PostgreSQL itself.
  // Link previews, fetched after the post is written (docs/decisions/061-link-previews.md).
  const linkPreviews = runLinkPreviews(db, { hosts: new AllowedHosts(config.ONEBOX_ALLOW_HOSTS), storage }, logger, () => watchedWords.matcher());
  const jobs = startJobWorker({
    connectionString: database.directUrl,
    tasks: {
      ...mail.tasks,
      [TASKS.push]: push,
      [TASKS.memberDeletion]: runMemberDeletion(db, deletionSettings, logger),
      [TASKS.bookmarkReminder]: runBookmarkReminder(db),
      [TASKS.linkPreview]: linkPreviews,
    },
    crontab: mail.crontab,
    logger,
    metrics: metrics.jobs,
  });

  const api = express.Router();
  api.use("/health", healthRouter(database.pool));
  // Answers depend on who asks unless a route says otherwise; the account's are never stored.
  api.use(privateAnswers);
  api.use(["/auth", "/tokens"], neverStored);
  api.use(refuseCrossSiteWrites(config));
  api.use(limits.api);
  api.use(express.json({ limit: "100kb" }), refuseNulInBody);
  // A call is a cookie session's or an access token's (docs/decisions/033), never both.
  api.use(sessionOnly(session.middleware, session.keepAlive, passport.session()), authenticateBearerCalls(db));
  api.use(blockBannedMembers);
  api.use(sessionOnly(reads.rememberWrites));

  // One router per resource. Most sit under their prefix; those whose URLs span prefixes (a post is
  // reached under its topic and by its own id) are mounted here with their paths spelled out.
  const secrets = new TwoFactorSecrets(sessionSecret);
  api.use("/auth", authRouter({ db, config, passport, limits, secrets }));
  api.use("/auth/sessions", sessionsRouter({ db, sessionSecret }));
  api.use("/tokens", accessTokensRouter({ db }));
  api.use("/auth/2fa", twoFactorRouter({ db, config, secrets, loginLimit: limits.login }));
  api.use("/auth/passkeys", passkeysRouter({ db, config }));
  api.use("/auth", yourDataRouter({ db, deletionSettings, loginLimit: limits.login }));
  api.use("/user/links", linksRouter({ db }));
  api.use("/topics", topicsRouter({ db, reads, caches: forumCaches, writeLimit: limits.writes, newMemberHours: config.NEW_MEMBER_HOURS, watchedWords }));
  api.use(postsRouter({ db, reads, caches: forumCaches, writeLimit: limits.writes, newMemberHours: config.NEW_MEMBER_HOURS, watchedWords }));
  // Routers without a prefix after the topic list and page, which every request would otherwise walk
  // (no path of theirs is one of those above: routes.test.ts).
  api.use(emailRouter({ db, config, mailer: mail.mailer, unsubscribeTokens: mail.unsubscribeTokens, limits }));
  api.use(accountRouter({ db, config, loginLimit: limits.login, mailer: mail.mailer }));
  api.use(categoriesRouter({ db }));
  api.use("/drafts", draftsRouter({ db, draftLimit: limits.drafts }));
  api.use(reactionsRouter({ db, reactionLimit: limits.reactions }));
  api.use("/search", searchRouter({ reads, searchLimit: limits.search }));
  api.use("/preview", previewRouter({ db, previewLimit: limits.search }));
  api.use("/notifications", notificationsRouter({ db }));
  api.use("/bookmarks", bookmarksRouter({ db }));
  api.use(notificationLevelsRouter({ db }));
  api.use("/push", pushRouter({ db, vapidKeys, hosts: pushHosts }));
  api.use("/conversations", conversationsRouter({ db, messageLimit: limits.messages, conversationLimit: limits.conversations, watchedWords }));
  api.use("/blocks", blocksRouter({ db }));
  api.use("/flags", flagsRouter({ db, flagsToHide: config.FLAGS_TO_HIDE }));
  api.use("/review", reviewRouter({ db }));
  api.use("/users", usersRouter({ db, reads, memberDirectory }));
  api.use(profileCommentsRouter({ db, writeLimit: limits.writes, watchedWords }));
  api.use("/invites", invitesRouter({ db }));
  api.use("/bio", bioRouter({ db, reads, visits, cardPages, siteName: config.SITE_NAME }));
  api.use("/upload", uploadsRouter({ db, storage, quotaMb: config.UPLOAD_QUOTA_MB, uploadLimit: limits.uploads }));
  api.use("/admin/categories", adminCategoriesRouter({ db }));
  api.use("/admin/groups", adminGroupsRouter({ db }));
  api.use("/admin/mail", adminMailRouter({ mailer: mail.mailer }));
  api.use("/admin/watched-words", adminWatchedWordsRouter({ db, watchedWords }));
  api.use("/moderation-log", moderationLogRouter({ db }));
  // The members table, bans and silences, shared with moderators, ahead of the administrators' routes.
  api.use("/admin", staffMembersRouter({ db, memberDirectory }));
  api.use("/admin", adminRouter({ db, deletionSettings }));
  api.use(openApiRouter({ siteName: config.SITE_NAME }));
  api.use(answerMethodNotAllowed(api));
  api.use(apiNotFound);
  app.use("/api", api);
  app.use("/metrics", metricsRouter({ metrics, token: config.METRICS_TOKEN }));
  app.use(UPLOADS_PATH, serveUploads(storage));
  app.use(shareImageRouter({ reads, storage, limit: limits.api }));
  app.use(webManifestRouter(config));

  if (client) {
    app.use(client.files);
    const identify = [session.middleware, passport.session()];
    app.use(cardPageRouter({ db, reads, cardPages, visits, config, templates: client.templates, limit: limits.api, identify }));
    app.get("/{*path}", appPage(config, client.templates));
  }
  app.use(errorHandler(logger));

  return {
    app,
    session: session.middleware,
    listener,
    metrics,
    forumCaches,
    visits,
    mail,
    cardPages,
    storage,
    async close() {
      await visits.close();
      await jobs.stop();
      await markdownBackfill.close();
      stopWatchingIdentity();
      forumCaches.close();
      cardPages.close();
      await listener.close();
    },
  };
}
