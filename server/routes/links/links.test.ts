import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@shared/constants";
import { userLinks } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent, insertCardOwner } from "../../test/fixtures";
import { urlOf } from "../../test/urls";

describe("bio card links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());


  let owner: { user: { id: number }; agent: Agent };
  beforeAll(async () => {
    owner = await insertCardOwner(t);
  });

  it("adds a link with 201 and refuses bad ones", async () => {
    const res = await owner.agent.post("/api/user/links").send({ title: "Site", url: "https://example.com", iconType: "built-in", iconName: "Globe" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Site", iconType: "built-in", iconName: "Globe", isVisible: true, userId: owner.user.id });
    for (const body of [
      { title: "", url: "https://example.com" },
      { title: "x", url: "" },
      { title: "x", url: "javascript:alert(1)" },
      { title: "x", url: "data:text/html,hi" },
      { title: "x".repeat(101), url: "https://example.com" },
      { title: "x", url: "https://example.com", iconType: "built-in", iconName: "NoSuchIcon" },
      { title: "x", url: "https://example.com", iconType: "custom", iconUrl: "https://elsewhere.example/i.png" },
      { title: "x", url: "https://example.com", userId: 1 },
    ]) {
      expect((await owner.agent.post("/api/user/links").send(body)).status, JSON.stringify(body)).toBe(400);
    }
    const missing = await owner.agent.post("/api/user/links").send({ title: " ", url: "https://x.example" });
    expect(missing.body.message).toBe("Please fill in the title and URL");
  });

  it("lets only the owner delete a link (404 for anyone else)", async () => {
    const link = (await owner.agent.post("/api/user/links").send({ title: "Mine", url: "https://example.com" })).body;
    const stranger = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    expect((await stranger.delete(`/api/user/links/${link.id}`)).status).toBe(404);
    expect((await owner.agent.delete(`/api/user/links/${link.id}`)).status).toBe(200);
    expect((await owner.agent.delete(`/api/user/links/${link.id}`)).status).toBe(404);
  });

  it("stores a link URL up to the shared URL limit and refuses a longer one with 400", async () => {
    const { agent } = await insertCardOwner(t);
    for (const length of [2030, TEXT_LIMITS.url]) {
      const link = await agent.post("/api/user/links").send({ title: "Long", url: urlOf(length) });
      expect(link.status, `link URL of ${length}`).toBe(201);
      expect(link.body.url).toBe(urlOf(length));
    }
    expect((await agent.post("/api/user/links").send({ title: "Too long", url: urlOf(TEXT_LIMITS.url + 1) })).status).toBe(400);
  });

  it("allows at most 50 links", async () => {
    const { user, agent } = await insertCardOwner(t);
    await t.database.db.insert(userLinks).values(Array.from({ length: 50 }, (_, i) => ({ userId: user.id, title: `l${i}`, url: "https://example.com" })));
    const res = await agent.post("/api/user/links").send({ title: "one more", url: "https://example.com" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("You can have at most 50 links");
  });
});
