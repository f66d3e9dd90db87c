import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { PNG_1X1 } from "../../test/files";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

describe("editing and ordering bio card links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const memberWithLinks = async (titles: string[]) => {
    const user = await insertMember(t.database.db);
    const agent = await signedInAgent(t.app, user.username);
    await agent.post("/api/bio");
    const links: { id: number }[] = [];
    for (const [i, title] of titles.entries()) {
      links.push((await agent.post("/api/user/links").send({ title, url: `https://${title.toLowerCase()}.example`, displayOrder: i })).body);
    }
    return { user, agent, ids: links.map((link) => link.id) };
  };
  const publicTitles = async (username: string) =>
    ((await request(t.app).get(`/api/bio/${username}`)).body.customLinks as { title: string }[]).map((link) => link.title);
  const settingsLinks = async (agent: Agent) => (await agent.get("/api/bio/settings")).body.userLinks as { id: number; title: string; isVisible: boolean }[];

  describe("PATCH /api/user/links/{id}", () => {
    it("changes title, URL, icon and visibility, and the public card follows", async () => {
      const { user, agent, ids } = await memberWithLinks(["Site", "Blog"]);
      const res = await agent.patch(`/api/user/links/${ids[0]}`).send({ title: " Home ", url: "mailto:me@example.com", iconType: "built-in", iconName: "Mail" });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ids[0], title: "Home", url: "mailto:me@example.com", iconType: "built-in", iconName: "Mail", iconUrl: null });
      expect(await publicTitles(user.username)).toEqual(["Home", "Blog"]);

      expect((await agent.patch(`/api/user/links/${ids[1]}`).send({ isVisible: false })).body.isVisible).toBe(false);
      expect(await publicTitles(user.username)).toEqual(["Home"]);
      // Hidden links stay in the editor.
      expect((await settingsLinks(agent)).map((link) => [link.title, link.isVisible])).toEqual([["Home", true], ["Blog", false]]);
    });

    it("switches the icon type, dropping the other type's icon", async () => {
      const { agent, ids } = await memberWithLinks(["Site"]);
      const icon = (await agent.post("/api/upload").field("kind", "linkIcon").attach("file", PNG_1X1, "i.png")).body.url;
      const custom = await agent.patch(`/api/user/links/${ids[0]}`).send({ iconType: "custom", iconUrl: icon });
      expect(custom.body).toMatchObject({ iconType: "custom", iconUrl: icon, iconName: null });
      const builtIn = await agent.patch(`/api/user/links/${ids[0]}`).send({ iconType: "built-in", iconName: "Github" });
      expect(builtIn.body).toMatchObject({ iconType: "built-in", iconName: "Github", iconUrl: null });
    });

    it("refuses bad input with the messages of creating a link, and changes nothing", async () => {
      const { agent, ids } = await memberWithLinks(["Site"]);
      const other = await memberWithLinks([]);
      const theirIcon = (await other.agent.post("/api/upload").field("kind", "linkIcon").attach("file", PNG_1X1, "i.png")).body.url;
      const cases: [object, string][] = [
        [{ title: " " }, "Please fill in the title and URL"],
        [{ url: "" }, "Please fill in the title and URL"],
        [{ url: "javascript:alert(1)" }, "Link URL must start with http://, https:// or mailto:"],
        [{ title: "x".repeat(101) }, "Link title too long"],
        [{ iconType: "svg" }, "Invalid icon type"],
        [{ iconType: "built-in", iconName: "NoSuchIcon" }, "Unknown icon"],
        [{ iconName: "Github" }, "Only built-in icons have an icon name"],
        [{ iconType: "custom", iconUrl: theirIcon }, "iconUrl must be one of your own uploads"],
        [{ iconType: "custom", iconUrl: "https://tracker.example/i.png" }, "iconUrl must be one of your own uploads"],
      ];
      for (const [body, message] of cases) {
        const res = await agent.patch(`/api/user/links/${ids[0]}`).send(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message, JSON.stringify(body)).toBe(message);
      }
      for (const body of [{ userId: 1 }, { displayOrder: 3 }, { id: 9 }]) {
        expect((await agent.patch(`/api/user/links/${ids[0]}`).send(body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await settingsLinks(agent)).toMatchObject([{ title: "Site", isVisible: true }]);
    });

    it("is for the owner only: anyone else gets 404 and changes nothing", async () => {
      const { agent, ids } = await memberWithLinks(["Site"]);
      const stranger = await memberWithLinks([]);
      const admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
      for (const someone of [stranger.agent, admin]) {
        expect((await someone.patch(`/api/user/links/${ids[0]}`).send({ title: "Mine now" })).status).toBe(404);
      }
      expect((await request(t.app).patch(`/api/user/links/${ids[0]}`).send({ title: "x" })).status).toBe(401);
      expect((await agent.patch("/api/user/links/999999").send({ title: "x" })).status).toBe(404);
      expect((await agent.patch("/api/user/links/abc").send({ title: "x" })).status).toBe(404);
      expect((await settingsLinks(agent))[0]!.title).toBe("Site");
    });
  });

  describe("PUT /api/user/links/order", () => {
    it("sets the order of every link, and the public card follows", async () => {
      const { user, agent, ids } = await memberWithLinks(["A", "B", "C"]);
      const order = [ids[2]!, ids[0]!, ids[1]!];
      const res = await agent.put("/api/user/links/order").send({ ids: order });
      expect(res.status).toBe(200);
      expect(res.body.map((link: { id: number; displayOrder: number }) => [link.id, link.displayOrder])).toEqual([[order[0], 0], [order[1], 1], [order[2], 2]]);
      expect(await publicTitles(user.username)).toEqual(["C", "A", "B"]);
      expect((await settingsLinks(agent)).map((link) => link.title)).toEqual(["C", "A", "B"]);
    });

    it("refuses anything but exactly the member's own link ids, once each (400, order unchanged)", async () => {
      const { agent, ids } = await memberWithLinks(["A", "B", "C"]);
      const other = await memberWithLinks(["X"]);
      for (const body of [
        { ids: [ids[0], ids[1]] },
        { ids: [...ids, other.ids[0]] },
        { ids: [ids[0], ids[1], other.ids[0]] },
        { ids: [ids[0], ids[0], ids[1], ids[2]] },
        { ids: [ids[0], ids[1], ids[2], 999999] },
        { ids: [] },
        { ids: ["a", "b", "c"] },
        { ids: ids.join(",") },
        {},
        { ids, extra: true },
      ]) {
        expect((await agent.put("/api/user/links/order").send(body)).status, JSON.stringify(body)).toBe(400);
      }
      const missing = await agent.put("/api/user/links/order").send({ ids: [ids[0], ids[1]] });
      expect(missing.body.message).toBe("The order must list each of your links exactly once");
      expect((await settingsLinks(agent)).map((link) => link.title)).toEqual(["A", "B", "C"]);
      expect((await settingsLinks(other.agent)).map((link) => link.title)).toEqual(["X"]);
      expect((await request(t.app).put("/api/user/links/order").send({ ids })).status).toBe(401);
    });
  });
});
