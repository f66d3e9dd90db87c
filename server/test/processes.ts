import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { buildSync } from "esbuild";
import path from "node:path";
import { projectRoot } from "../paths";

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The entry points tests start, bundled as `npm run build` bundles the server (package.json). */
const ENTRY_POINTS = ["server/index.ts", "server/cli.ts", "server/scripts/seed.ts"];
let bundleDir: string | undefined;

/**
 * The bundle of `script`, made once per test process: starting it takes a fraction of what tsx takes
 * to compile the server again in every process a test starts. It lives under the project, so the
 * bundled code finds package.json, migrations/ and node_modules/ as dist/server/ does.
 */
function bundled(script: string): string {
  if (!ENTRY_POINTS.includes(script)) throw new Error(`startScript: ${script} is not one of ${ENTRY_POINTS.join(", ")}`);
  if (!bundleDir) {
    const dir = path.join(projectRoot, "node_modules", ".cache", "enclave-test-scripts", String(process.pid));
    buildSync({
      entryPoints: ENTRY_POINTS.map((entry) => path.join(projectRoot, entry)),
      outbase: projectRoot,
      outdir: dir,
      bundle: true,
      platform: "node",
      format: "esm",
      packages: "external",
      target: "node20",
      logLevel: "error",
    });
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    bundleDir = dir;
  }
  return path.join(bundleDir, script.replace(/\.ts$/, ".js"));
}

/** Runs an entry point of the server as a process of its own, as `npm start` or `npm run cli` would. */
export function startScript(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [bundled(script), ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", BCRYPT_COST: "10", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

export const runScript = (script: string, args: string[], env: Record<string, string>) =>
  finished(startScript(script, args, env));

/** Resolves with the first stdout line matching `pattern` (the process keeps running). */
export function waitForOutput(child: ChildProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        resolve(match);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before printing ${pattern}; output:\n${output}`));
    });
  });
}

/** PostgreSQL processes whose command line names `dataDir` (Linux /proc). */
export function postgresProcessesFor(dataDir: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        return cmdline.includes("postgres") && cmdline.includes(dataDir);
      } catch {
        return false;
      }
    })
    .map(Number);
}
