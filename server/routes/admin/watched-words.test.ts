import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent, uniqueName } from "../../test/fixtures";

describe("/api/admin/watched-words", () => {
  let t: TestApp;
  let admin: Agent;
  let adminName: string;
  let member: Agent;
  let moderator: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await insertMember(t.database.db, { isAdmin: true });
    adminName = a.username;
    admin = await signedInAgent(t.app, a.username);
    member = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    moderator = await signedInAgent(t.app, (await insertMember(t.database.db, { isModerator: true })).username);
  });
  afterAll(() => t.close());

  it("adds, lists newest first and removes words", async () => {
    const first = uniqueName("spam");
    const added = await admin.post("/api/admin/watched-words").send({ word: `  ${first}  `, action: "block" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ word: first, action: "block", createdBy: adminName });
    const phrase = await admin.post("/api/admin/watched-words").send({ word: "buy   cheap *pills", action: "censor" });
    expect(phrase.status).toBe(201);
    expect(phrase.body.word).toBe("buy cheap *pills");

    const list = await admin.get("/api/admin/watched-words");
    expect(list.status).toBe(200);
    expect(list.body.words.map((word: { id: number }) => word.id).slice(0, 2)).toEqual([phrase.body.id, added.body.id]);

    expect((await admin.delete(`/api/admin/watched-words/${added.body.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/watched-words/${added.body.id}`)).body).toEqual({ message: "Watched word not found" });
    expect((await admin.get("/api/admin/watched-words")).body.words.some((word: { id: number }) => word.id === added.body.id)).toBe(false);
  });

  it("refuses a word already watched, ignoring case and accents, whatever its action", async () => {
    const word = uniqueName("creme");
    expect((await admin.post("/api/admin/watched-words").send({ word, action: "flag" })).status).toBe(201);
    const again = await admin.post("/api/admin/watched-words").send({ word: word.toUpperCase().replace("E", "É"), action: "censor" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: "That word is already watched" });
  });

  it.each([
    [{ word: "", action: "block" }, "Word required"],
    [{ word: "   ", action: "block" }, "Word required"],
    [{ word: " * * ", action: "block" }, "A word needs something besides * and spaces"],
    [{ word: "x".repeat(101), action: "block" }, "A word is at most 100 characters"],
    [{ word: "fine", action: "delete" }, "Choose block, flag or censor"],
    [{ word: "fine" }, "Choose block, flag or censor"],
    [{ action: "block" }, "Word required"],
  ])("refuses %j with 400: %s", async (body, message) => {
    const res = await admin.post("/api/admin/watched-words").send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("refuses an unknown field and a bad id", async () => {
    expect((await admin.post("/api/admin/watched-words").send({ word: "x", action: "block", extra: 1 })).status).toBe(400);
    expect((await admin.delete("/api/admin/watched-words/abc")).status).toBe(404);
    expect((await admin.delete("/api/admin/watched-words/99999")).status).toBe(404);
  });

  it("is for administrators only: members and moderators 403, signed out 401", async () => {
    for (const agent of [member, moderator]) {
      expect((await agent.get("/api/admin/watched-words")).status).toBe(403);
      expect((await agent.post("/api/admin/watched-words").send({ word: "x", action: "block" })).status).toBe(403);
      expect((await agent.delete("/api/admin/watched-words/1")).status).toBe(403);
    }
    expect((await request(t.app).get("/api/admin/watched-words")).status).toBe(401);
    expect((await request(t.app).post("/api/admin/watched-words").send({ word: "x", action: "block" })).status).toBe(401);
    expect((await request(t.app).delete("/api/admin/watched-words/1")).status).toBe(401);
  });
});
