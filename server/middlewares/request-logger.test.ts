import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app";
import { createLogger } from "../logger";
import { testConfig } from "../test/app";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { errorHandler } from "./error-handler";
import { requestLogger } from "./request-logger";

/** Every line the logger writes, as it is written. */
class CapturedLines extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  }
}

describe("request logging", () => {
  let dir: string;
  let database: TestDatabase;
  let app: App;
  const captured = new CapturedLines();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-request-log-"));
    database = await createTestDatabase();
    // The logger production uses (JSON lines, not pretty), writing to a stream the test reads.
    const logger = createLogger({ level: "info", destination: captured });
    app = createApp({ config: testConfig(dir), database, logger, sessionSecret: "test-session-secret-that-is-long-enough" });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** The parsed request line of one request, once the response has finished (a bounded wait). */
  async function requestLine(id: string): Promise<Record<string, unknown>> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const line = captured.lines.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.reqId === id && entry.msg === "request");
      if (line) return line;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`no request line for ${id} in:\n${captured.lines.join("\n")}`);
  }

  it("gives every answer an X-Request-Id of its own", async () => {
    const first = await request(app.app).get("/api/health");
    const second = await request(app.app).get("/api/health");
    expect(first.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("keeps a proxy's request id when it is a short safe token, and replaces any other", async () => {
    const kept = await request(app.app).get("/api/health").set("X-Request-Id", "proxy-42.a_b");
    expect(kept.headers["x-request-id"]).toBe("proxy-42.a_b");
    for (const unsafe of ['a"b', "x".repeat(65), "one two"]) {
      const replaced = await request(app.app).get("/api/health").set("X-Request-Id", unsafe);
      expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("writes one JSON line per API request with its id, method, path without the query, status and duration", async () => {
    const res = await request(app.app).get("/api/no-such-thing?invite=SECRETCODE123");
    expect(res.status).toBe(404);
    const id = res.headers["x-request-id"] as string;
    const line = await requestLine(id);
    expect(line).toMatchObject({ level: "info", reqId: id, req: { id, method: "GET", url: "/api/no-such-thing" }, res: { status: 404 } });
    expect(line.responseTime).toEqual(expect.any(Number));
    expect(captured.lines.join("\n")).not.toContain("SECRETCODE123");
    for (const text of captured.lines) expect(() => JSON.parse(text)).not.toThrow();
  });
});

describe("request logging of a member's request", () => {
  it("names the session's member in the request line", async () => {
    const captured = new CapturedLines();
    const server = express();
    server.use(requestLogger(createLogger({ level: "info", destination: captured })));
    server.get("/api/mine", (req, res) => {
      (req as unknown as { session: unknown }).session = { passport: { user: 42 } };
      res.json({});
    });
    await request(server).get("/api/mine").set("X-Request-Id", "mine-1").expect(200);
    for (let attempt = 0; attempt < 100 && captured.lines.length === 0; attempt++) await new Promise((resolve) => setImmediate(resolve));
    expect(captured.lines.map((text) => JSON.parse(text) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: "info", reqId: "mine-1", req: { id: "mine-1", method: "GET", url: "/api/mine", ip: expect.any(String) }, userId: 42, res: { status: 200 }, msg: "request" }),
    ]);
  });
});

describe("request logging of a server error", () => {
  it("writes the error with the request's id, and the request line at error level, the member still named", async () => {
    const captured = new CapturedLines();
    const logger = createLogger({ level: "info", destination: captured });
    const server = express();
    server.use(requestLogger(logger));
    server.get("/api/boom", (req, _res, next) => {
      (req as unknown as { session: unknown }).session = { passport: { user: 42 } };
      next(new Error("the disk is on fire"));
    });
    server.use(errorHandler(logger));
    const res = await request(server).get("/api/boom?token=SECRET").set("X-Request-Id", "boom-1");
    expect(res.status).toBe(500);
    let entries: Record<string, unknown>[] = [];
    for (let attempt = 0; attempt < 100 && entries.length < 2; attempt++) {
      await new Promise((resolve) => setImmediate(resolve));
      entries = captured.lines.map((text) => JSON.parse(text) as Record<string, unknown>);
    }
    expect(entries).toEqual([
      expect.objectContaining({ level: "error", reqId: "boom-1", method: "GET", path: "/api/boom", status: 500, error: expect.stringContaining("the disk is on fire"), msg: "request failed" }),
      expect.objectContaining({ level: "error", reqId: "boom-1", req: { id: "boom-1", method: "GET", url: "/api/boom", ip: expect.any(String) }, userId: 42, res: { status: 500 }, responseTime: expect.any(Number), msg: "request failed" }),
    ]);
    expect(captured.lines.join("\n")).not.toContain("SECRET");
  });
});
