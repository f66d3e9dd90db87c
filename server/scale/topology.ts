import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureAppRole } from "../db/app-role";
import { createDatabase, type Database } from "../db/client";
import { createLogger } from "../logger";
import { startNginx, startServer, type ServerProcess } from "../faults/support";
import { loadConfig } from "../config";
import { startTestBucket, type TestBucket } from "../test/s3";
import { createUploadStorage, type UploadStorage } from "../uploads/storage";

/**
 * test:scale's world, every piece from Debian's packages and started here, in a temporary folder:
 * a PostgreSQL primary, a streaming replica of it (pg_basebackup), PgBouncer in transaction mode in
 * front of the primary, two server processes (DATABASE_URL through PgBouncer, DATABASE_DIRECT_URL
 * and MIGRATION_DATABASE_URL straight to the primary, DATABASE_REPLICA_URL on the replica) and nginx;
 * uploads in an S3 bucket (s3rver on loopback, S3_* set), each process with an UPLOAD_DIR of its own.
 * PostgreSQL and PgBouncer refuse to run as root: as root they run as `postgres`.
 */
export interface Topology {
  site: string;
  servers: ServerProcess[];
  /** The primary as its superuser (the tests' checks). */
  primary: Database;
  /** The replica as its superuser (pausing replay, its statistics). */
  replica: Database;
  /** The primary's owner URL (pg_dump for a backup). */
  primaryUrl: string;
  /** The S3 server the processes keep uploads in (stop and start it). */
  bucket: TestBucket;
  /** That bucket as the processes see it, for the tests' checks. */
  storage: UploadStorage;
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** What PgBouncer logged (its errors name the statements that collide). */
  bouncerLog(): string;
  close(): Promise<void>;
}

const DATABASE = "enclave";
const APP_ROLE = "enclave_app";
const APP_PASSWORD = "scale-test-app-password";

/** Debian's newest installed PostgreSQL (PG_BIN overrides). */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").map(Number).filter(Boolean).sort((a, b) => b - a) : [];
  if (versions.length === 0) throw new Error("Debian's PostgreSQL is not installed (apt-get install postgresql)");
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

const asRoot = process.getuid?.() === 0;

/** `command` as the `postgres` user when this process is root (PostgreSQL and PgBouncer refuse root). */
function spawnAsPostgres(command: string, args: string[]): ChildProcess {
  return asRoot
    ? spawn("runuser", ["-u", "postgres", "--", command, ...args], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnAsPostgres(command, args);
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} ${args.join(" ")} failed (${code}):\n${output}`))));
  });
}

/** A folder the `postgres` user owns. */
async function ownedFolder(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (asRoot) await chown(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  return dir;
}

export interface Ports {
  primary: number;
  replica: number;
  bouncer: number;
  servers: [number, number];
  nginx: number;
}

export async function startTopology(ports: Ports): Promise<Topology> {
  const bin = postgresBin();
  const root = await mkdtemp(path.join(os.tmpdir(), "enclave-scale-"));
  await chmod(root, 0o755); // as root, `postgres` must enter it
  const sockets = await ownedFolder(path.join(root, "sockets"));
  const primaryDir = path.join(root, "primary");
  const replicaDir = path.join(root, "replica");
  await ownedFolder(primaryDir);
  const cleanups: Array<() => Promise<unknown>> = [];
  const pgCtl = (dir: string, ...args: string[]) => run(path.join(bin, "pg_ctl"), ["-D", dir, ...args]);
  const start = (dir: string, port: number) =>
    pgCtl(dir, "-w", "-t", "60", "-l", path.join(dir, "log"), "-o", `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1`, "start");
  const stop = (dir: string, mode: "fast" | "immediate") => pgCtl(dir, "-w", "-m", mode, "stop").then(() => {}, () => {});
  const url = (user: string, port: number) => `postgres://${user}:${user === APP_ROLE ? APP_PASSWORD : "unused"}@127.0.0.1:${port}/${DATABASE}`;

  let servers: ServerProcess[] = [];
  const bucket = await startTestBucket();
  cleanups.push(() => bucket.close());
  try {
    await run(path.join(bin, "initdb"), ["-D", primaryDir, "-U", "postgres", "-A", "trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
    await start(primaryDir, ports.primary);
    cleanups.push(() => stop(primaryDir, "fast"));
    const setup = new pg.Client({ connectionString: url("postgres", ports.primary).replace(`/${DATABASE}`, "/postgres") });
    await setup.connect();
    await setup.query(`CREATE DATABASE ${DATABASE}`);
    await ensureAppRole(setup, APP_ROLE, APP_PASSWORD);
    await setup.end();

    // The replica: a base backup that streams from the primary (-R writes standby.signal and primary_conninfo).
    await ownedFolder(replicaDir);
    await run(path.join(bin, "pg_basebackup"), ["-h", "127.0.0.1", "-p", String(ports.primary), "-U", "postgres", "-D", replicaDir, "-R", "-X", "stream", "--checkpoint=fast", "--no-sync"]);
    await start(replicaDir, ports.replica);
    cleanups.push(() => stop(replicaDir, "fast"));

    // PgBouncer in transaction mode, with fewer server connections than the two processes' pools
    // hold together: every client's statements are spread over shared server connections.
    const bouncerDir = await ownedFolder(path.join(root, "pgbouncer"));
    const bouncerLog = path.join(bouncerDir, "log");
    await writeFile(path.join(bouncerDir, "users.txt"), `"${APP_ROLE}" ""\n`);
    await writeFile(
      path.join(bouncerDir, "pgbouncer.ini"),
      [
        "[databases]",
        `${DATABASE} = host=127.0.0.1 port=${ports.primary} dbname=${DATABASE}`,
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        `listen_port = ${ports.bouncer}`,
        `unix_socket_dir = ${bouncerDir}`,
        "auth_type = trust",
        `auth_file = ${path.join(bouncerDir, "users.txt")}`,
        "pool_mode = transaction",
        "default_pool_size = 6",
        "max_client_conn = 500",
        `logfile = ${bouncerLog}`,
        `pidfile = ${path.join(bouncerDir, "pid")}`,
        "",
      ].join("\n"),
    );
    if (asRoot) execFileSync("chown", ["-R", "postgres", bouncerDir]);
    // Daemonised, and stopped through its pid file: a signal through runuser would not reach it.
    await run("/usr/sbin/pgbouncer", ["-d", path.join(bouncerDir, "pgbouncer.ini")]);
    cleanups.push(() => stopProcess(Number(readFileSync(path.join(bouncerDir, "pid"), "utf8"))));
    await waitForPort(ports.bouncer, () => readLog(bouncerLog));

    const fakeDatabase = { appUrl: url(APP_ROLE, ports.bouncer), ownerUrl: url("postgres", ports.primary) };
    const env = {
      TRUST_PROXY: "true",
      DATABASE_DIRECT_URL: url(APP_ROLE, ports.primary),
      DATABASE_REPLICA_URL: url(APP_ROLE, ports.replica),
      // startServer gives each process its own UPLOAD_DIR: only the bucket is shared.
      ...bucket.env,
      RATE_LIMIT_UPLOADS_PER_MINUTE: "100000",
    };
    // The first migrates (on the direct connection); the second finds the database ready.
    for (const port of ports.servers) servers.push(await startServer(fakeDatabase, { ...env, PORT: String(port) }));
    const nginx = await startNginx(servers.map((server) => server.port), ports.nginx);
    cleanups.push(() => nginx.stop());

    const quiet = createLogger({ level: "silent" });
    const primary = createDatabase(url("postgres", ports.primary), quiet);
    const replica = createDatabase(url("postgres", ports.replica), quiet);
    cleanups.push(() => primary.pool.end(), () => replica.pool.end());
    return {
      site: nginx.origin,
      servers,
      primary,
      replica,
      primaryUrl: url("postgres", ports.primary),
      bucket,
      storage: createUploadStorage(loadConfig({ UPLOAD_DIR: path.join(root, "test-uploads"), ...bucket.env })),
      stopReplica: () => stop(replicaDir, "immediate"),
      startReplica: () => start(replicaDir, ports.replica).then(() => {}),
      bouncerLog: () => readLog(bouncerLog),
      async close() {
        await Promise.all(servers.map((server) => server.stop()));
        servers = [];
        for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** SIGTERM (PgBouncer: immediate shutdown), then waits until it is gone. */
async function stopProcess(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(pid, "SIGTERM");
  for (let attempt = 0; attempt < 100 && alive(); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function waitForPort(port: number, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PgBouncer did not listen on ${port}:\n${output()}`);
}
