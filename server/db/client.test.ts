import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { errorHandler } from "../middlewares/error-handler";
import { createTestDatabase, type TestDatabase } from "../test/database";

describe("the database pool", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("survives a lent-out client losing its connection between two statements, and the next statement answers 503", async () => {
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    // As a database restart does, between two statements of a transaction. Without a listener on the
    // lent-out client, the 'error' event it then emits would end the process (and fail this run).
    const ended = new Promise((resolve) => client.once("end", resolve));
    await database.pool.query("SELECT pg_terminate_backend($1)", [rows[0]!.pid]);
    await ended;
    const failure = await client.query("SELECT 1").catch((error: unknown) => error);
    client.release();

    const app = express();
    app.get("/", () => {
      throw failure;
    });
    app.use(errorHandler(createLogger({ level: "silent" })));
    const res = await request(app).get("/");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: expect.stringMatching(/temporarily unavailable/) });
    // The dead client was discarded: the pool answers.
    expect((await database.pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  });
});
