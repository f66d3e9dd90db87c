import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { generateTemporaryPassword, hashPassword } from "./auth/password";
import { backupName, createBackup, restoreBackup } from "./backup/archive";
import { changeRole, OPERATOR } from "./commands/change-role";
import { createInvite } from "./commands/create-invite";
import { discardFailedMails, retryFailedMails, type FailedMails } from "./commands/mail-outbox";
import { renderStoredMarkdown } from "./commands/render-stored-markdown";
import { setTemporaryPassword } from "./commands/temporary-password";
import { disableTwoFactor } from "./commands/two-factor";
import { ConfigError, loadConfig, loadEnvFile, type Config } from "./config";
import { createDatabase, type Database } from "./db/client";
import { openDatabaseServer, type DatabaseServer } from "./db/connect";
import { applyMigrations, withStartupLock } from "./db/migrate";
import { lower } from "./db/schema/columns";
import { users } from "./db/schema";
import { listFailedMails } from "./queries/mail-outbox";
import { createLogger, type Logger } from "./logger";
import { sweepOrphanUploads } from "./uploads/sweep";
import { createUploadStorage } from "./uploads/storage";
import { USERNAME_PATTERN, USERNAME_RULE_TEXT } from "@shared/constants";

const USAGE = `Usage: npm run cli -- <command>

Commands:
  invite [--days N] [--count N]
                             create an invite code, or N of them (never expiring unless --days is
                             given); prints them last, one a line
  make-admin <username>      give a member administrator rights
  reset-password <username>  set a temporary password (printed) and sign the member out everywhere
  disable-2fa <username>     turn off a member's two-factor sign-in (a lost phone, a changed session secret)
  migrate                    apply database migrations
  sweep-uploads              remove uploaded files nothing has referred to for 24 hours
  render-markdown            render posts and comments written before Markdown (the server also does it at start)
  mail-failed                list the mails given up after every attempt (their contents stay sealed)
  mail-retry <id…|--all>     send given-up mails again, from the first attempt
  mail-discard <id…|--all>   delete given-up mails
  backup [file]              write the database and the uploads to one archive (default: a file named
                             by the time in BACKUP_DIR, or here); prints its path last
  restore <file>             restore an archive into an empty database and an empty UPLOAD_DIR (or S3 bucket)`;

class UsageError extends Error {}

type Command = (database: Database, args: string[], config: Config) => Promise<void>;

const commands: Record<string, Command> = {
  async invite({ db }, args) {
    const { days, count } = parseInviteOptions(args);
    const codes: string[] = [];
    for (let made = 0; made < count; made++) codes.push((await createInvite(db, { expiresInDays: days })).code);
    const what = count === 1 ? "Invite code" : `${count} invite codes`;
    console.log(days ? `${what} (expires in ${days} days):` : `${what} (never expires):`);
    for (const code of codes) console.log(code);
  },

  async "make-admin"({ db }, args) {
    const user = await findUser(db, args);
    // The same command as the admin screen's role change: the public log, the caches and the staff mark follow.
    await changeRole(db, { actor: OPERATOR, target: user, role: "admin" });
    console.log(`${user.username} is now an administrator`);
  },

  async "reset-password"({ db }, args, config) {
    const user = await findUser(db, args);
    const password = generateTemporaryPassword();
    const hash = await hashPassword(password, config.BCRYPT_COST);
    await setTemporaryPassword(db, user.id, hash);
    console.log(`Temporary password for ${user.username}:`);
    console.log(password);
  },

  async "disable-2fa"({ db }, args) {
    const user = await findUser(db, args);
    await disableTwoFactor(db, user.id);
    console.log(`Two-factor sign-in is off for ${user.username}`);
  },

  async "sweep-uploads"({ db }, _args, config) {
    const result = await sweepOrphanUploads(db, createUploadStorage(config));
    if (!result) throw new UsageError("another process is sweeping uploads; try again later");
    console.log(`Removed ${result.removed} unreferenced uploads and ${result.strays} stray files`);
  },

  async "render-markdown"({ db }) {
    const started = performance.now();
    const rows = await renderStoredMarkdown(db);
    console.log(`Rendered ${rows} posts and comments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  },

  async "mail-failed"({ db }) {
    const failed = await listFailedMails(db);
    if (failed.length === 0) return console.log("No mail was given up");
    console.log(`${failed.length} mails given up (mail-retry sends them again, mail-discard deletes them):`);
    for (const mail of failed) {
      console.log(`${mail.id}  queued ${mail.createdAt.toISOString()}  given up after ${mail.attempts} attempts: ${mail.lastError ?? "no error kept"}`);
    }
  },

  async "mail-retry"({ db }, args) {
    const retried = await retryFailedMails(db, parseFailedMails("mail-retry", args));
    console.log(`${retried} mails queued again`);
  },

  async "mail-discard"({ db }, args) {
    const discarded = await discardFailedMails(db, parseFailedMails("mail-discard", args));
    console.log(`${discarded} mails deleted`);
  },

  // Migrations run (migratedDatabase below) before every command of this list; this one does nothing else.
  async migrate() {
    console.log("Migrations applied");
  },
};

type ArchiveCommand = (server: DatabaseServer, args: string[], config: Config, logger: Logger) => Promise<void>;

/** Commands on the database as it stands, without migrating first: a restore needs it empty. */
const archiveCommands: Record<string, ArchiveCommand> = {
  async backup(server, args, config) {
    if (args.length > 1) throw new UsageError("backup takes at most one file name");
    const file = args[0] ? path.resolve(invocationDir(), args[0]) : path.join(config.BACKUP_DIR ?? invocationDir(), backupName(new Date()));
    const { uploads } = await createBackup({ url: server.url, storage: createUploadStorage(config), file });
    console.log(`Backup of the database and ${uploads} uploads written to:`);
    console.log(file);
  },

  async restore(server, args, config, logger) {
    if (args.length !== 1) throw new UsageError("restore takes the backup file");
    const { file, uploads } = await restoreBackup({ url: server.url, storage: createUploadStorage(config), file: path.resolve(invocationDir(), args[0]!) });
    // A backup of an older version is brought up to this one, and the app role gets its grants, as at a server start.
    await (await migratedDatabase(server, logger)).pool.end();
    console.log(`Restored the database and ${uploads} uploads from ${file}`);
  },
};

/** Where `npm run cli` was typed (npm itself runs the script in the project's folder). */
const invocationDir = () => process.env.INIT_CWD ?? process.cwd();

/** The owner's pool on a migrated database whose app role has its grants, as after a server start. */
async function migratedDatabase(server: DatabaseServer, logger: Logger): Promise<Database> {
  const database = createDatabase(server.url, logger);
  try {
    await withStartupLock(database.pool, async (client) => {
      await applyMigrations(client);
      await server.prepareAppRole(client);
    });
    return database;
  } catch (error) {
    await database.pool.end();
    throw error;
  }
}

const INVITE_OPTIONS = { "--days": { max: 3650 }, "--count": { max: 1000 } } as const;

/** `--days N` and `--count N`, each at most once, in any order. */
function parseInviteOptions(args: string[]): { days: number | undefined; count: number } {
  const given: Partial<Record<keyof typeof INVITE_OPTIONS, number>> = {};
  for (let at = 0; at < args.length; at += 2) {
    const option = args[at] as keyof typeof INVITE_OPTIONS;
    const value = Number(args[at + 1]);
    const rule = INVITE_OPTIONS[option];
    if (!rule || given[option] !== undefined || !Number.isInteger(value) || value < 1 || value > rule.max) {
      throw new UsageError("invite takes --days N with N a whole number from 1 to 3650, and --count N with N from 1 to 1000");
    }
    given[option] = value;
  }
  return { days: given["--days"], count: given["--count"] ?? 1 };
}

function parseFailedMails(command: string, args: string[]): FailedMails {
  if (args.length === 1 && args[0] === "--all") return "all";
  const ids = args.map(Number);
  if (ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) {
    throw new UsageError(`${command} takes the ids that mail-failed lists, or --all`);
  }
  return ids;
}

async function findUser(db: Database["db"], args: string[]) {
  if (args.length !== 1) throw new UsageError("expected exactly one username");
  if (!USERNAME_PATTERN.test(args[0]!)) throw new UsageError(`${args[0]} is not a username (${USERNAME_RULE_TEXT})`);
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(lower(users.username), sql`lower(${args[0]})`));
  if (!user) throw new UsageError(`no user named ${args[0]}`);
  return user;
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  const archiveCommand = name ? archiveCommands[name] : undefined;
  if (!command && !archiveCommand) {
    console.error(name ? `Unknown command: ${name}\n\n${USAGE}` : USAGE);
    process.exit(name ? 1 : 0);
  }
  loadEnvFile();
  const config = loadConfig();
  const logger = createLogger({ level: "warn", pretty: config.NODE_ENV === "development" });
  const server = await openDatabaseServer(config, logger, { attachToRunning: true });
  try {
    if (archiveCommand) {
      await archiveCommand(server, args, config, logger);
    } else {
      const database = await migratedDatabase(server, logger);
      try {
        await command!(database, args, config);
      } finally {
        await database.pool.end();
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  const expected = error instanceof ConfigError || error instanceof UsageError;
  console.error(expected ? `Error: ${error.message}` : error);
  process.exit(1);
});
