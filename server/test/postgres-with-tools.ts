import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { loadBinaries, openEmbeddedPostgres, type EmbeddedPostgres, type PostgresBinaries } from "../db/embedded-postgres";
import { createLogger } from "../logger";

const PROGRAMS = ["initdb", "postgres", "pg_dump", "pg_restore"];
const hasPrograms = (dir: string) => PROGRAMS.every((program) => existsSync(path.join(dir, program)));

/**
 * The folder of a PostgreSQL installed with its pg_dump and pg_restore: the embedded package's when
 * it ships them (it does not: it has the server alone), else the newest of Debian's.
 */
async function serverWithTools(): Promise<PostgresBinaries> {
  const embedded = path.dirname((await loadBinaries()).postgres);
  const debian = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)).map((major) => `/usr/lib/postgresql/${major}/bin`)
    : [];
  const dir = [embedded, ...debian].find(hasPrograms);
  if (!dir) throw new Error("The backup tests need a PostgreSQL server with its pg_dump and pg_restore (Debian: apt-get install postgresql)");
  return { initdb: path.join(dir, "initdb"), postgres: path.join(dir, "postgres") };
}

/** A PostgreSQL of its own in `dataDir` (its `enclave` database empty) whose version's pg_dump is installed: for backup tests. */
export async function startPostgresWithTools(dataDir: string): Promise<EmbeddedPostgres> {
  return openEmbeddedPostgres({ dataDir, logger: createLogger({ level: "warn" }), attachToRunning: false, binaries: await serverWithTools() });
}
