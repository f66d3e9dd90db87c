import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { PNG_1X1 } from "../../test/files";
import { confirmedAgent } from "../../test/confirmation";
import { insertMember, PASSWORD, readUser, signedInAgent } from "../../test/fixtures";

describe("the member's own account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newMember = async () => {
    const user = await insertMember(t.database.db);
    // Confirmed: the password change is a sensitive change (server/middlewares/fresh-confirmation.test.ts).
    return { user, agent: await confirmedAgent(t.app, user.username) };
  };

  it("updates contact fields, strips a leading @ and clears with an empty string", async () => {
    const { agent } = await newMember();
    const res = await agent
      .patch("/api/auth/profile")
      .send({ bio: "Hi there", website: "https://example.com", twitter: "@someone", github: "dev.name", location: "Lisbon", email: "me@example.com" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ bio: "Hi there", website: "https://example.com", twitter: "someone", github: "dev.name", location: "Lisbon", email: "me@example.com" });
    const cleared = await agent.patch("/api/auth/profile").send({ bio: "", website: "" });
    expect(cleared.body).toMatchObject({ bio: null, website: null, twitter: "someone" });
  });

  it.each([
    [{ bio: "x".repeat(501) }, "Bio must be less than 500 characters"],
    [{ website: "not a url" }, "Invalid website URL"],
    [{ website: "javascript:alert(1)" }, "Invalid website URL"],
    [{ twitter: "x".repeat(51) }, "Twitter handle too long"],
    [{ github: "bad/name" }, "Invalid characters in github handle"],
    [{ discord: "a".repeat(51) }, "Discord handle too long"],
    [{ telegram: "bad name" }, "Invalid characters in telegram handle"],
    [{ location: "x".repeat(101) }, "Location too long"],
    [{ email: "not-an-address" }, "Invalid email address"],
  ])("refuses %j with '%s'", async (body, message) => {
    const { agent } = await newMember();
    const res = await agent.patch("/api/auth/profile").send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { message: string }) => error.message)).toContain(message);
  });

  it("saves the theme on the account: system (the browser's preference) for a new account, returned by /api/auth/user and at sign-in", async () => {
    const { user, agent } = await newMember();
    expect((await agent.get("/api/auth/user")).body.theme).toBe("system");
    for (const theme of ["light", "system", "dark", "light"]) {
      const res = await agent.patch("/api/auth/profile").send({ theme });
      expect(res.status).toBe(200);
      expect(res.body.theme).toBe(theme);
    }
    expect((await agent.get("/api/auth/user")).body.theme).toBe("light");
    const signIn = await request(t.app).post("/api/auth/login").send({ username: user.username, password: PASSWORD });
    expect(signIn.status).toBe(200);
    expect(signIn.body.theme).toBe("light");
  });

  it.each([["sepia"], [""], [null], ["Dark"]])("refuses the theme %j and keeps the one saved", async (theme) => {
    const { user, agent } = await newMember();
    const res = await agent.patch("/api/auth/profile").send({ theme });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain("theme");
    expect(await readUser(t.database.db, user.id)).toMatchObject({ theme: "system" });
  });

  it("refuses fields that are not the member's to set", async () => {
    const { user, agent } = await newMember();
    for (const body of [{ isAdmin: true }, { postsCount: 1000 }, { username: "renamed" }, { hasBio: true }]) {
      expect((await agent.patch("/api/auth/profile").send(body)).status).toBe(400);
    }
    expect(await readUser(t.database.db, user.id)).toMatchObject({ isAdmin: false, postsCount: 0, username: user.username, hasBio: false });
  });

  it("sets the avatar only to one of the member's own uploads, and removes it with an empty value", async () => {
    const alice = await newMember();
    const bob = await newMember();
    const bobsFile = (await bob.agent.post("/api/upload").attach("file", PNG_1X1, "b.png")).body.url;
    const alicesFile = (await alice.agent.post("/api/upload").field("kind", "avatar").attach("file", PNG_1X1, "a.png")).body.url;
    for (const avatar of [bobsFile, "https://example.com/cat.png", "/uploads/../secret.png"]) {
      expect((await alice.agent.patch("/api/auth/profile").send({ avatar })).status, avatar).toBe(400);
    }
    expect((await alice.agent.patch("/api/auth/profile").send({ avatar: alicesFile })).body.avatar).toBe(alicesFile);
    expect((await alice.agent.patch("/api/auth/profile").send({ avatar: "" })).body.avatar).toBeNull();
  });

  describe("change password", () => {
    it("refuses a wrong current password and a new one that breaks the registration rules", async () => {
      const { agent } = await newMember();
      const wrong = await agent.patch("/api/auth/change-password").send({ currentPassword: "Nope12345", newPassword: "Another123" });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe("Current password is incorrect");
      const weak = await agent.patch("/api/auth/change-password").send({ currentPassword: PASSWORD, newPassword: "abcdef" });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe("Password must be at least 8 characters");
      expect((await agent.patch("/api/auth/change-password").send({ currentPassword: PASSWORD })).status).toBe(400);
    });

    it("changes it, keeps this session and signs out every other one", async () => {
      const { user, agent } = await newMember();
      const otherDevice = await signedInAgent(t.app, user.username);
      const sid = (res: request.Response) => (res.headers["set-cookie"] as unknown as string[] | undefined)?.find((cookie) => cookie.startsWith("sid="))?.split(";")[0];
      const signIn = await request(t.app).post("/api/auth/login").send({ username: user.username, password: PASSWORD });
      const oldCookie = sid(signIn)!;
      await request(t.app).post("/api/auth/confirm").set("Cookie", oldCookie).send({ password: PASSWORD }).expect(200);
      const res = await request(t.app).patch("/api/auth/change-password").set("Cookie", oldCookie).send({ currentPassword: PASSWORD, newPassword: "Brand-new-1" });
      expect(res.status).toBe(200);
      const newCookie = sid(res);
      expect(newCookie, "the session gets a new id").toBeDefined();
      expect(newCookie).not.toBe(oldCookie);
      expect((await request(t.app).get("/api/auth/user").set("Cookie", oldCookie)).status).toBe(401);
      expect((await request(t.app).get("/api/auth/user").set("Cookie", newCookie!)).status).toBe(200);
      expect((await agent.get("/api/auth/user")).status).toBe(401);
      expect((await otherDevice.get("/api/auth/user")).status).toBe(401);
      expect((await request(t.app).post("/api/auth/login").send({ username: user.username, password: PASSWORD })).status).toBe(401);
      expect((await request(t.app).post("/api/auth/login").send({ username: user.username, password: "Brand-new-1" })).status).toBe(200);
    });
  });
});
