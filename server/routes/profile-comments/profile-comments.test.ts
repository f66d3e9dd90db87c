import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileComments } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

describe("profile comments", () => {
  let t: TestApp;
  let viewer: Agent;
  let admin: Agent;

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    admin = await signedInAgent(t.app, (await insertMember(t.database.db, { isAdmin: true })).username);
  });
  afterAll(() => t.close());

  it("posts, lists newest first, and validates", async () => {
    const owner = await insertMember(t.database.db);
    expect((await viewer.post(`/api/users/${owner.id}/comments`).send({ content: "First" })).status).toBe(201);
    const second = await viewer.post(`/api/users/${owner.id}/comments`).send({ content: "  Second  " });
    expect(second.body).toMatchObject({ content: "Second", profileUserId: owner.id });
    expect(second.body.authorUsername).toBeTypeOf("string");
    const list = await viewer.get(`/api/users/${owner.id}/comments`);
    expect(list.body.map((comment: { content: string }) => comment.content)).toEqual(["Second", "First"]);
    expect((await viewer.post(`/api/users/${owner.id}/comments`).send({ content: " " })).body.message).toBe("Comment cannot be empty");
    expect((await viewer.post(`/api/users/${owner.id}/comments`).send({ content: "x".repeat(1001) })).body.message).toBe("Comment is too long");
    expect((await viewer.post("/api/users/999999/comments").send({ content: "hi" })).status).toBe(404);
  });

  it("pages newest first with limit, continuing below a comment with before", async () => {
    const owner = await insertMember(t.database.db);
    const other = await insertMember(t.database.db);
    for (const content of ["one", "two", "three", "four"]) await viewer.post(`/api/users/${owner.id}/comments`).send({ content });
    await viewer.post(`/api/users/${other.id}/comments`).send({ content: "elsewhere" });
    const contents = (res: { body: { content: string }[] }) => res.body.map((comment) => comment.content);
    const first = await viewer.get(`/api/users/${owner.id}/comments?limit=2`);
    expect(contents(first)).toEqual(["four", "three"]);
    const next = await viewer.get(`/api/users/${owner.id}/comments?limit=2&before=${first.body[1].id}`);
    expect(contents(next)).toEqual(["two", "one"]);
    expect((await viewer.get(`/api/users/${owner.id}/comments?before=${next.body[1].id}`)).body).toEqual([]);
  });

  it("carries its source and its rendering, linking the existing members it names with @username", async () => {
    const owner = await insertMember(t.database.db);
    const named = await insertMember(t.database.db);
    const content = `**thanks** @${named.username} and @nosuchmember9`;
    const created = await viewer.post(`/api/users/${owner.id}/comments`).send({ content });
    const html = `<p><strong>thanks</strong> <a href="/user/${named.username}" class="mention" rel="nofollow ugc noopener">@${named.username}</a> and @nosuchmember9</p>\n`;
    expect(created.body).toMatchObject({ content, html });
    expect((await viewer.get(`/api/users/${owner.id}/comments`)).body[0]).toMatchObject({ content, html });
  });

  it("may be deleted by the author, the profile owner or an admin, not by a stranger", async () => {
    const owner = await insertMember(t.database.db);
    const ownerAgent = await signedInAgent(t.app, owner.username);
    const stranger = await signedInAgent(t.app, (await insertMember(t.database.db)).username);
    const comment = async () => (await viewer.post(`/api/users/${owner.id}/comments`).send({ content: "hello" })).body.id as number;

    const first = await comment();
    expect((await stranger.delete(`/api/profile-comments/${first}`)).status).toBe(403);
    expect((await viewer.delete(`/api/profile-comments/${first}`)).status).toBe(200);
    expect((await ownerAgent.delete(`/api/profile-comments/${await comment()}`)).status).toBe(200);
    expect((await admin.delete(`/api/profile-comments/${await comment()}`)).status).toBe(200);
    expect((await admin.delete(`/api/profile-comments/${first}`)).status).toBe(404);
    expect(await t.database.db.select().from(profileComments).where(eq(profileComments.profileUserId, owner.id))).toEqual([]);
  });
});
