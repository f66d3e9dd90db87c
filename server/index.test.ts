import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { withDatabaseName } from "./test/database-names";
import { finished, postgresProcessesFor, runScript, startScript, waitForOutput } from "./test/processes";

const LISTENING = /listening on http:\/\/localhost:(\d+)/;
const SETUP_CODE = /Setup invite code: ([A-Z0-9]{12})/;

describe("server process", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-process-"));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR's parents.
    await chmod(dir, 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("starts the embedded PostgreSQL, serves, stops it on SIGTERM, and keeps the data for the next start", async () => {
    const env = { DATA_DIR: path.join(dir, "data"), UPLOAD_DIR: path.join(dir, "uploads"), PORT: "0" };

    const first = startScript("server/index.ts", [], env);
    const firstExit = finished(first);
    const code = (await waitForOutput(first, SETUP_CODE))[1];
    const port = (await waitForOutput(first, LISTENING))[1];
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(postgresProcessesFor(env.DATA_DIR).length).toBeGreaterThan(0);
    // It serves through a role of its own that is not a superuser; the superuser only migrated.
    expect(await serverRoles(env.DATA_DIR)).toEqual([{ usename: "enclave_app", rolsuper: false }]);

    // The operator CLI uses the running server's database instead of starting a second one.
    const invite = await runScript("server/cli.ts", ["invite"], env);
    expect(invite.code).toBe(0);
    expect(invite.stdout.trim().split("\n").at(-1)).toMatch(/^[A-Z0-9]{12}$/);

    first.kill("SIGTERM");
    expect((await firstExit).code).toBe(0);
    expect(postgresProcessesFor(env.DATA_DIR)).toEqual([]);

    const second = startScript("server/index.ts", [], env);
    const secondExit = finished(second);
    expect((await waitForOutput(second, SETUP_CODE))[1]).toBe(code);
    await waitForOutput(second, LISTENING);
    second.kill("SIGINT");
    expect((await secondExit).code).toBe(0);
    expect(postgresProcessesFor(env.DATA_DIR)).toEqual([]);
  }, 120_000);

  it("uses DATABASE_URL instead of starting an embedded PostgreSQL", async () => {
    const database = await createTestDatabase();
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: path.join(dir, "external"), UPLOAD_DIR: path.join(dir, "uploads"), PORT: "0" };
      const server = startScript("server/index.ts", [], env);
      const exit = finished(server);
      await waitForOutput(server, /DATABASE_URL logs in as a database superuser/);
      const port = (await waitForOutput(server, LISTENING))[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(existsSync(path.join(env.DATA_DIR, "postgres"))).toBe(false);
      server.kill("SIGTERM");
      expect((await exit).code).toBe(0);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it("migrates an empty DATABASE_URL with MIGRATION_DATABASE_URL and serves as DATABASE_URL's own role", async () => {
    const database = await createTestDatabase();
    const empty = `enclave_empty_${process.pid}`;
    const admin = new pg.Client({ connectionString: withDatabaseName(database.url, "postgres") });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${empty}`);
    try {
      const env = {
        DATABASE_URL: withDatabaseName(database.appUrl, empty),
        MIGRATION_DATABASE_URL: withDatabaseName(database.url, empty),
        DATA_DIR: path.join(dir, "external"),
        UPLOAD_DIR: path.join(dir, "uploads"),
        PORT: "0",
      };
      const server = startScript("server/index.ts", [], env);
      const exit = finished(server);
      const output: string[] = [];
      server.stdout!.on("data", (chunk) => output.push(String(chunk)));
      const inviteCode = (await waitForOutput(server, SETUP_CODE))[1];
      const port = (await waitForOutput(server, LISTENING))[1];
      // Registration reads and writes users, invites and sessions: the grants made after migrating suffice.
      const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "first_member", password: "Secret123", inviteCode }),
      });
      expect(registered.status).toBe(201);
      const { rows } = await admin.query(
        "SELECT DISTINCT usename FROM pg_stat_activity WHERE datname = $1 AND application_name IN ('enclave', 'enclave-jobs')",
        [empty],
      );
      expect(rows).toEqual([{ usename: new URL(database.appUrl).username }]);
      expect(output.join("")).not.toMatch(/superuser/);
      server.kill("SIGTERM");
      expect((await exit).code).toBe(0);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
      await admin.end();
      await database.drop();
    }
  }, 60_000);

  describe("wrong configuration ends with one clear line", () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.drop());

    const expectOneLine = async (env: Record<string, string>, message: RegExp) => {
      const result = await runScript("server/index.ts", [], { UPLOAD_DIR: path.join(dir, "uploads"), DATA_DIR: path.join(dir, "other"), ...env });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    };

    it("names an unreachable DATABASE_URL without its password", async () => {
      await expectOneLine(
        { DATABASE_URL: "postgres://someone:hunter2@127.0.0.1:1/nothing" },
        /^Error: Cannot connect to the database at 127\.0\.0\.1:1\/nothing: .*ECONNREFUSED/,
      );
    });

    it("names a DATA_DIR that cannot be written", async () => {
      await expectOneLine({ DATA_DIR: "/dev/null/data" }, /^Error: DATA_DIR \/dev\/null\/data is not writable \(ENOTDIR\)$/);
    });

    it("names a BACKUP_DIR that cannot be written, in one process or several", async () => {
      for (const processes of ["1", "2"]) {
        await expectOneLine(
          { DATABASE_URL: database.url, BACKUP_DIR: "/dev/null/backups", WEB_CONCURRENCY: processes },
          /^Error: BACKUP_DIR \/dev\/null\/backups is not writable \(ENOTDIR\)$/,
        );
      }
    }, 60_000);

    it("names a port already in use", async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, resolve));
      const { port } = blocker.address() as net.AddressInfo;
      try {
        await expectOneLine({ DATABASE_URL: database.url, PORT: String(port) }, new RegExp(`^Error: Port ${port} is already in use`));
      } finally {
        blocker.close();
      }
    });

    it("names an invalid setting", async () => {
      await expectOneLine({ PORT: "eighty" }, /^Error: Invalid PORT/);
    });

    it("refuses SMTP_URL without PUBLIC_URL: mailed links would follow each request's Host", async () => {
      await expectOneLine({ SMTP_URL: "smtp://127.0.0.1:2525" }, /^Error: Invalid PUBLIC_URL: it is required when SMTP_URL is set/);
    });
  });
});

/** Who the server's connections (application_name `enclave`, and `enclave-jobs` for the job worker) log in as, asked of the embedded database as its superuser. */
async function serverRoles(dataDir: string) {
  const { port } = JSON.parse(readFileSync(path.join(dataDir, "server.json"), "utf8")) as { port: number };
  const password = readFileSync(path.join(dataDir, "postgres-password"), "utf8").trim();
  const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "enclave" });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      `SELECT DISTINCT a.usename, r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename
        WHERE a.application_name IN ('enclave', 'enclave-jobs')`,
    );
    return rows;
  } finally {
    await admin.end();
  }
}
