import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { projectRoot } from "./paths";
import { DEFAULT_FLAGS_TO_HIDE } from "@shared/flags";

/** Raised for configuration a human must fix; the entry points print its message as one line. */
export class ConfigError extends Error {}

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((value) => value === "true" || value === "1" || value === "yes");

function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

const databaseUrl = z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATABASE_URL: databaseUrl.optional(),
  /** The owner's connection for migrations when DATABASE_URL is a role of its own (README, Production). */
  MIGRATION_DATABASE_URL: databaseUrl.optional(),
  /** PostgreSQL itself when DATABASE_URL goes through PgBouncer in transaction mode: LISTEN and migrations (docs/scaling.md). */
  DATABASE_DIRECT_URL: databaseUrl.optional(),
  /** A streaming replica for reads that may be a moment stale (docs/scaling.md). */
  DATABASE_REPLICA_URL: databaseUrl.optional(),
  /** Longest a request's query may run; a cancelled one answers 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATA_DIR: z.string().min(1).default("./.data"),
  UPLOAD_DIR: z.string().min(1).default("./uploads"),
  /**
   * Uploads in an S3-compatible bucket instead of UPLOAD_DIR (docs/configuration.md "Uploads in a
   * bucket"): set S3_BUCKET; UPLOAD_DIR then holds only the files still arriving.
   */
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  /** The S3 API's address (MinIO, Garage, …); unset, AWS's for S3_REGION. */
  S3_ENDPOINT: z.string().url().refine((value) => /^https?:\/\//.test(value), "must be an http(s) URL").optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path (`https://host/bucket/key`) rather than the host name: MinIO and Garage want it. */
  S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SITE_NAME: z.string().trim().min(1).max(50).default("Enclave"),
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(12),
  TRUST_PROXY: booleanFromString.default(false),
  /** Where the site is reached (`https://community.example`): absolute URLs and the allowed Origin. */
  PUBLIC_URL: z
    .string()
    .refine(isSiteUrl, "must be an http(s) origin such as https://community.example, without a path")
    .transform((value) => new URL(value).origin)
    .optional(),
  /** Server processes sharing the port (node:cluster). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Abuse limits of docs/product.md "Abuse limits", per client address; tests raise them.
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Posts and profile comments together, per member. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Draft saves and deletions per member. */
  RATE_LIMIT_DRAFTS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Uploads per member. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Searches per member: each can read thousands of posts (docs/search.md). */
  RATE_LIMIT_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Reactions given or taken back per member. */
  RATE_LIMIT_REACTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Private messages sent per member. */
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** New private conversations started per member. */
  RATE_LIMIT_CONVERSATIONS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Password reset requests (POST /api/auth/forgot-password) per client address. */
  RATE_LIMIT_FORGOT_PASSWORD_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Distinct members whose flags hide a post, comment or card until staff review it (a staff flag hides at once). */
  FLAGS_TO_HIDE: z.coerce.number().int().min(1).max(1000).default(DEFAULT_FLAGS_TO_HIDE),
  /** /ws upgrades per client address. */
  RATE_LIMIT_WS_UPGRADES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Open /ws sockets per member (tabs and devices); one more is refused with 429. */
  WS_MAX_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
  /** What one member may store in uploaded files, in MB (the bytes on disk, images as re-encoded). */
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Administrators must turn on two-factor sign-in before the admin routes answer them (403 until then). */
  REQUIRE_ADMIN_2FA: booleanFromString.default(false),
  /** A new member's first hours, in which they create at most 3 topics and 20 posts (docs/product.md "Moderation by the community"); 0 turns it off. */
  NEW_MEMBER_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** Rows a member deletion removes per transaction (posts, notifications, comments): each batch stays short. */
  MEMBER_DELETION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /** A bearer token that opens /metrics to a scraper on another machine (loopback needs none). */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Where the server makes its daily backup (and the CLI's default folder); unset, no daily backup. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Daily backups kept in BACKUP_DIR; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(7),
  /** How often a process writes its buffered card views and clicks (docs/decisions/035): at least once a second. */
  /** Hosts push endpoints may be on although not public, `http:` too (comma-separated; tests, a private push service). */
  PUSH_ALLOW_HOSTS: z.string().optional(),
  /**
   * `host:port` pairs (comma-separated) link previews may fetch from although they are not public
   * addresses (tests): the only way past the address check (docs/product.md "Rich content").
   */
  ONEBOX_ALLOW_HOSTS: z
    .string()
    .refine((value) => value.split(",").every((entry) => entry.trim() === "" || /^(\[[0-9a-fA-F:.]+\]|[^:\s[\]]+):\d{1,5}$/.test(entry.trim())), "must be host:port pairs, comma-separated")
    .optional(),
  /** VAPID's contact (RFC 8292): a mailto: or https: URL; default PUBLIC_URL when https:, else mailto:no-reply@ its host. */
  PUSH_VAPID_SUBJECT: z
    .string()
    .refine((value) => /^(mailto:|https:\/\/)\S+$/.test(value), "must be a mailto: or https:// URL")
    .optional(),
  VISIT_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(1000).default(1000),
  /** Where mail goes (`smtp://user:pass@host:port`, `smtps://` for TLS; needs PUBLIC_URL); unset, it is written to DATA_DIR/mail/ for admins to read. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^/]/, "must start with smtp:// or smtps://").optional(),
  /** The sender of every mail; by default `{SITE_NAME} <no-reply@{host of PUBLIC_URL or localhost}>`. */
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  /** How long a notification or message stays unread, with no socket open, before an away mail (0: at once). */
  EMAIL_AWAY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(10),
  /** The hour (UTC, 0-23) daily digests go out. */
  EMAIL_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * Anonymous visitors (address + user agent) one address may add to a card's views and unique
   * visitors per UTC day: rotating the user agent adds no more (docs/decisions/035, review M3).
   */
  CARD_VISITORS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
});

/** Where uploads go when they go to a bucket (S3_* settings), read once. */
export interface S3Settings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset, the AWS SDK's own chain (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type Config = Omit<z.infer<typeof envSchema>, "DATA_DIR" | "UPLOAD_DIR" | "BACKUP_DIR"> & {
  DATA_DIR: string;
  UPLOAD_DIR: string;
  BACKUP_DIR: string | undefined;
  /** Set when S3_BUCKET is: uploads are kept in that bucket. */
  S3: S3Settings | undefined;
};

/**
 * Loads `.env` (by default the project root's) into process.env when the file exists, as
 * `.env.example` promises; variables already set in the environment win. Returns whether it did.
 */
export function loadEnvFile(file: string = path.join(projectRoot, ".env")): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** Reads and validates the environment once; relative directories are taken from the project root. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Invalid ${issue.path.join(".")}: ${issue.message}`);
  }
  const config = result.data;
  for (const name of ["MIGRATION_DATABASE_URL", "DATABASE_DIRECT_URL", "DATABASE_REPLICA_URL"] as const) {
    if (config[name] && !config.DATABASE_URL) throw new ConfigError(`Invalid ${name}: set it together with DATABASE_URL`);
  }
  // Mailed links (a password reset's) must never lead where a forged Host header says (docs/security.md).
  if (config.SMTP_URL && !config.PUBLIC_URL) throw new ConfigError("Invalid PUBLIC_URL: it is required when SMTP_URL is set, so that mailed links lead to the site");
  return {
    ...config,
    S3: s3Settings(config),
    DATA_DIR: path.resolve(projectRoot, config.DATA_DIR),
    UPLOAD_DIR: path.resolve(projectRoot, config.UPLOAD_DIR),
    BACKUP_DIR: config.BACKUP_DIR && path.resolve(projectRoot, config.BACKUP_DIR),
  };
}

function s3Settings(config: z.infer<typeof envSchema>): S3Settings | undefined {
  const keys = [config.S3_ACCESS_KEY_ID, config.S3_SECRET_ACCESS_KEY];
  if (keys.filter(Boolean).length === 1) throw new ConfigError("Invalid S3_ACCESS_KEY_ID: set it together with S3_SECRET_ACCESS_KEY");
  if (!config.S3_BUCKET) {
    if (config.S3_ENDPOINT || keys.some(Boolean)) throw new ConfigError("Invalid S3_BUCKET: it is required when another S3_ setting is set");
    return undefined;
  }
  return {
    bucket: config.S3_BUCKET,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
  };
}
