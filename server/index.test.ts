import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test/database";
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
      const port = (await waitForOutput(server, LISTENING))[1];
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      expect(existsSync(path.join(env.DATA_DIR, "postgres"))).toBe(false);
      server.kill("SIGTERM");
      expect((await exit).code).toBe(0);
    } finally {
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
  });
});
