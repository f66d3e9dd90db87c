import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { createDatabase, type Database } from "../../db/client";
import { createLogger } from "../../logger";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember, PASSWORD } from "../../test/fixtures";

describe("database outage", () => {
  let t: TestApp;
  let unreachable: Database;
  beforeAll(async () => {
    t = await createTestApp();
    unreachable = createDatabase("postgres://nobody:secret@127.0.0.1:1/none", createLogger({ level: "silent" }));
  });
  afterAll(async () => {
    await unreachable.pool.end();
    await t.close();
  });

  it("answers 503 with a message, never a signed-in state, and no SQL or stack", async () => {
    const member = await insertMember(t.database.db);
    const login = await request(t.app).post("/api/auth/login").send({ username: member.username, password: PASSWORD });
    const cookie = (login.headers["set-cookie"] as unknown as string[])[0]!.split(";")[0]!;

    const down = createApp({ config: t.config, database: unreachable, logger: createLogger({ level: "silent" }), sessionSecret: "test-session-secret-that-is-long-enough" });
    const res = await request(down.app).get("/api/auth/user").set("Cookie", cookie);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: "Service temporarily unavailable, please try again shortly" });
    await down.close();
  });
});
