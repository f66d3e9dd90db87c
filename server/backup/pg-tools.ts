import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { ConfigError } from "../config";
import { loadBinaries } from "../db/embedded-postgres";

export interface PgTools {
  /** The server's major version, which the tools match. */
  major: number;
  pgDump: string;
  pgRestore: string;
}

/** The server's major version (18 for 18.4). */
export async function serverMajorVersion(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

/** Folders that may hold PostgreSQL `major`'s client programs, most specific first. */
async function candidateFolders(major: number): Promise<string[]> {
  const embedded = await loadBinaries().then(
    (binaries) => [path.dirname(binaries.postgres)],
    () => [],
  );
  return [
    ...embedded,
    `/usr/lib/postgresql/${major}/bin`, // Debian, Ubuntu
    `/usr/pgsql-${major}/bin`, // Red Hat family (PGDG)
    `/opt/homebrew/opt/postgresql@${major}/bin`, // Homebrew
    `/usr/local/opt/postgresql@${major}/bin`,
    ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean),
  ];
}

const majorOf = async (program: string): Promise<number | undefined> => {
  try {
    const { stdout } = await promisify(execFile)(program, ["--version"]);
    const match = stdout.match(/\(PostgreSQL\) (\d+)/);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * pg_dump and pg_restore of exactly the server's major version: an older pg_dump refuses a newer
 * server, and a newer one writes statements an older server does not know. The embedded package's
 * own folder is searched first, then the usual install locations and PATH.
 */
export async function findPgTools(major: number): Promise<PgTools> {
  const folders = await candidateFolders(major);
  for (const folder of folders) {
    const pgDump = path.join(folder, "pg_dump");
    const pgRestore = path.join(folder, "pg_restore");
    if (!existsSync(pgDump) || !existsSync(pgRestore)) continue;
    if ((await majorOf(pgDump)) === major && (await majorOf(pgRestore)) === major) return { major, pgDump, pgRestore };
  }
  throw new ConfigError(
    `No pg_dump and pg_restore of PostgreSQL ${major} (the database's version) were found in the embedded package, ` +
      `/usr/lib/postgresql/${major}/bin, /usr/pgsql-${major}/bin or PATH; install PostgreSQL ${major}'s client programs ` +
      `(Debian and Ubuntu: postgresql-client-${major}) or put their folder first on PATH`,
  );
}

/** Runs a tool against the database at `url`; the password goes in the environment, never on the command line (ps shows it). */
export function spawnTool(program: string, args: string[], url: string, signal?: AbortSignal): ChildProcess {
  const withoutPassword = new URL(url);
  const password = decodeURIComponent(withoutPassword.password);
  withoutPassword.password = "";
  return spawn(program, [...args, `--dbname=${withoutPassword.toString()}`], {
    env: { ...process.env, PGPASSWORD: password },
    stdio: ["pipe", "pipe", "pipe"],
    signal,
  });
}

/** Resolves when the tool exits 0; otherwise rejects with the last lines it wrote to stderr. */
export function succeeded(child: ChildProcess, name: string): Promise<void> {
  let errors = "";
  child.stderr!.on("data", (chunk) => (errors = (errors + chunk).slice(-4_000)));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} failed (exit code ${code}): ${errors.trim().split("\n").slice(-3).join(" / ")}`)),
    );
  });
}
