import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, createWriteStream, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The first worker's server port (E2E_PORT, default 5179); worker n listens on this plus n. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 5179);

/** The port of the server of the worker with this parallel index. */
export function workerPort(parallelIndex: number): number {
  return BASE_PORT + parallelIndex;
}

export interface TestServer {
  baseURL: string;
  /** Its DATA_DIR: the operator CLI attaches to its database there. */
  dataDir: string;
  /** The setup invite code this start logged: only on a database with no account yet. */
  setupInviteCode?: string;
  stop(): Promise<void>;
}

const LISTENING = /is listening on http:\/\/localhost:(\d+)/;
const SETUP_CODE = /Setup invite code: ([A-Z0-9]{12}) \(the first account registered becomes an administrator\)/;
/** How long a start may take: a first start creates its PostgreSQL cluster and migrates it. */
const START_TIMEOUT_MS = 120_000;

/**
 * Starts the built server (`npm run build` first) with its data in `dir` (data/, uploads/ and
 * server.log; an existing data/ is started again), on `port` (0: any free one). Resolves once it
 * listens and /api/health answers 200.
 */
export async function startServer({ dir, port, env = {} }: { dir: string; port: number; env?: Record<string, string> }): Promise<TestServer> {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as `postgres` and must enter DATA_DIR's parent
  const dataDir = path.join(dir, "data");
  const log = createWriteStream(path.join(dir, "server.log"), { flags: "a" });
  const child = spawn(process.execPath, [path.resolve(import.meta.dirname, "../../dist/server/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dir, "uploads"),
      BCRYPT_COST: "10",
      // Every browser test comes from one address; the limits themselves are covered by API tests.
      RATE_LIMIT_LOGIN_PER_MINUTE: "1000",
      RATE_LIMIT_REGISTER_PER_HOUR: "1000",
      // Browser tests' members are minutes old and may start many topics; the limit is covered by API tests.
      NEW_MEMBER_HOURS: "0",
      // Two rows a batch: deleting even a small member goes on in the background, which the admin watches.
      MEMBER_DELETION_BATCH_SIZE: "2",
      // Link previews may fetch from the test's page server on this port plus 1000 (e2e/rich-content.spec.ts).
      ONEBOX_ALLOW_HOSTS: `127.0.0.1:${port + 1000}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      output += chunk;
      log.write(chunk);
    });
  }
  const stop = () => stopServer(child, exited).finally(() => log.end());

  try {
    const listeningPort = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
      const onData = () => {
        const match = output.match(LISTENING);
        if (!match) return;
        clearTimeout(timer);
        resolve(match[1]!);
      };
      child.stdout!.on("data", onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before listening:\n${output}`));
      });
    });
    const baseURL = `http://127.0.0.1:${listeningPort}`;
    const health = await fetch(`${baseURL}/api/health`);
    if (health.status !== 200) throw new Error(`/api/health answered ${health.status}: ${await health.text()}`);
    return { baseURL, dataDir, setupInviteCode: output.match(SETUP_CODE)?.[1], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM, as an operator stops it (it stops its PostgreSQL too); SIGKILL if it has not exited in 30 s. */
async function stopServer(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Another process of `first`'s site, as a second machine runs it: its own DATA_DIR (in `dir`) and
 * port, on the first's embedded PostgreSQL (attached through what the first keeps in its DATA_DIR)
 * and with its session secret, so a session or an event of one is good on the other.
 */
export async function startSecondProcess(first: TestServer, { dir, port }: { dir: string; port: number }): Promise<TestServer> {
  const owner = JSON.parse(readFileSync(path.join(first.dataDir, "server.json"), "utf8")) as { port: number };
  const secret = (name: string) => encodeURIComponent(readFileSync(path.join(first.dataDir, name), "utf8").trim());
  const database = (user: string, password: string) => `postgres://${user}:${password}@127.0.0.1:${owner.port}/enclave`;
  return startServer({
    dir,
    port,
    env: {
      DATABASE_URL: database("enclave_app", secret("app-password")),
      MIGRATION_DATABASE_URL: database("postgres", secret("postgres-password")),
      SESSION_SECRET: readFileSync(path.join(first.dataDir, "session-secret"), "utf8").trim(),
      TRUST_PROXY: "true",
    },
  });
}

/** Debian's nginx in front of `ports` (scripts/nginx-proxy.sh, the fault tests' balancer) on `listen`. */
export async function startNginx(listen: number, ports: number[]): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const child = spawn(path.resolve(import.meta.dirname, "../../scripts/nginx-proxy.sh"), [String(listen), ...ports.map(String)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  await new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on("data", (chunk: Buffer) => {
        output += chunk;
        if (output.includes("nginx listening")) resolve();
      });
    }
    void exited.then((code) => reject(new Error(`nginx exited (${code}):\n${output}`)));
  });
  return { baseURL: `http://127.0.0.1:${listen}`, stop: () => stopServer(child, exited) };
}
