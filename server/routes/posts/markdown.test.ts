import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post, PostRevisions, PostSearchResult } from "@shared/types";
import { renderStoredMarkdown } from "../../commands/render-stored-markdown";
import { posts, profileComments, uploads, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { type Agent, insertMember, signedInAgent } from "../../test/fixtures";

/** docs/product.md "Forum", through the API on the real database. */
describe("Markdown in posts and comments", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  let aliceId: number;
  let bobId: number;
  let bobName: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await insertMember(t.database.db);
    const b = await insertMember(t.database.db);
    ({ id: aliceId } = a);
    ({ id: bobId, username: bobName } = b);
    alice = await signedInAgent(t.app, a.username);
    bob = await signedInAgent(t.app, b.username);
  });
  afterAll(() => t.close());

  const newTopic = async (agent = alice) => ((await agent.post("/api/topics").send({ title: "Markdown thread" })).body as { id: number }).id;
  const reply = (agent: Agent, topicId: number, content: string) => agent.post(`/api/topics/${topicId}/posts`).send({ content });
  const uploadImage = async (agent: Agent, width: number, height: number) => {
    const png = await sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const res = await agent.post("/api/upload").field("kind", "banner").attach("file", png, "picture.png");
    expect(res.status).toBe(201);
    return res.body.url as string;
  };

  const SOURCE = "Some **bold** text\n\n> a quote\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n```\n<script>alert(1)</script>\n```";
  const HTML =
    "<p>Some <strong>bold</strong> text</p>\n<blockquote>\n<p>a quote</p>\n</blockquote>\n" +
    "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"center\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align=\"center\">2</td>\n</tr>\n</tbody>\n</table>\n" +
    "<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;\n</code></pre>\n";

  it("answers a post's source and its rendering when posted, edited and listed", async () => {
    const topicId = await newTopic();
    const created = await reply(alice, topicId, SOURCE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content: SOURCE, html: HTML });
    const listed = (await bob.get(`/api/topics/${topicId}/posts`)).body as Post[];
    expect(listed[0]).toMatchObject({ content: SOURCE, html: HTML });
    expect((await bob.get(`/api/topics/${topicId}/posts?around=${created.body.id}`)).body[0]).toMatchObject({ content: SOURCE, html: HTML });
    const edited = await alice.patch(`/api/posts/${created.body.id}`).send({ content: "~~old~~ new" });
    expect(edited.body).toMatchObject({ content: "~~old~~ new", html: "<p><del>old</del> new</p>\n" });
  });

  it("stores the rendering with the post, and its plain text", async () => {
    const created = await reply(alice, await newTopic(), "# Title\n\n**bold** [link](https://example.com)");
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, created.body.id));
    expect(row).toMatchObject({ html: created.body.html, plainText: "Title\nbold link" });
  });

  it("shows the author's own uploaded image with its size, and anyone else's as a link", async () => {
    const own = await uploadImage(alice, 300, 200);
    const others = await uploadImage(bob, 40, 30);
    const [stored] = await t.database.db.select().from(uploads).where(eq(uploads.filename, own.split("/").pop()!));
    expect(stored).toMatchObject({ width: 300, height: 200 });
    const created = await reply(alice, await newTopic(), `![mine](${own}) ![theirs](${others}) ![far](https://elsewhere.example/x.png)`);
    expect(created.body.html).toBe(
      `<p><img src="${own}" alt="mine" loading="lazy" width="300" height="200" /> ` +
        `<a href="${others}" rel="nofollow ugc noopener">theirs</a> ` +
        '<a href="https://elsewhere.example/x.png" rel="nofollow ugc noopener" target="_blank">far</a></p>\n',
    );
  });

  it("renders profile comments likewise", async () => {
    const content = "a [link](javascript:alert(1)) and <b>tags</b>";
    const created = await alice.post(`/api/users/${bobId}/comments`).send({ content });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ content, html: "<p>a [link](javascript:alert(1)) and &lt;b&gt;tags&lt;/b&gt;</p>\n" });
  });

  describe("rows written before Markdown", () => {
    it("answer a rendering without lookups until the backfill renders them as their authors'", async () => {
      const topicId = await newTopic();
      const own = await uploadImage(alice, 20, 10);
      const content = `**old** post for @${bobName} ![pic](${own})`;
      const [row] = await t.database.db.insert(posts).values({ topicId, authorId: aliceId, content }).returning();
      const [comment] = await t.database.db.insert(profileComments).values({ profileUserId: bobId, authorId: aliceId, content: "_old_ comment" }).returning();
      const before = (await bob.get(`/api/topics/${topicId}/posts`)).body as Post[];
      expect(before[0]!.html).toBe(`<p><strong>old</strong> post for @${bobName} <a href="${own}" rel="nofollow ugc noopener">pic</a></p>\n`);
      expect((await bob.get(`/api/users/${bobId}/comments`)).body[0]).toMatchObject({ id: comment!.id, html: "<p><em>old</em> comment</p>\n" });

      expect(await renderStoredMarkdown(t.database.db, { batchSize: 1 })).toBeGreaterThanOrEqual(2);
      const after = (await bob.get(`/api/topics/${topicId}/posts`)).body as Post[];
      expect(after[0]!.html).toBe(
        `<p><strong>old</strong> post for <a href="/user/${bobName}" class="mention" rel="nofollow ugc noopener">@${bobName}</a> ` +
          `<img src="${own}" alt="pic" loading="lazy" width="20" height="10" /></p>\n`,
      );
      const [stored] = await t.database.db.select({ plainText: posts.plainText }).from(posts).where(eq(posts.id, row!.id));
      expect(stored!.plainText).toBe(`old post for @${bobName} pic`);
      // Done: another run finds nothing.
      expect(await renderStoredMarkdown(t.database.db)).toBe(0);
    });

    it("never overwrite what an edit rendered meanwhile", async () => {
      const topicId = await newTopic();
      const [row] = await t.database.db.insert(posts).values({ topicId, authorId: aliceId, content: "before" }).returning();
      await alice.patch(`/api/posts/${row!.id}`).send({ content: "after" });
      await renderStoredMarkdown(t.database.db);
      expect((await bob.get(`/api/topics/${topicId}/posts`)).body[0].html).toBe("<p>after</p>\n");
    });
  });

  describe("POST /api/preview", () => {
    it("renders as the caller: their images show, another member's do not", async () => {
      const own = await uploadImage(alice, 12, 8);
      const content = `**hi** @${bobName} ![a](${own})`;
      const asAuthor = await alice.post("/api/preview").send({ content });
      expect(asAuthor.status).toBe(200);
      expect(asAuthor.body).toEqual({
        html: `<p><strong>hi</strong> <a href="/user/${bobName}" class="mention" rel="nofollow ugc noopener">@${bobName}</a> <img src="${own}" alt="a" loading="lazy" width="12" height="8" /></p>\n`,
      });
      expect((await bob.post("/api/preview").send({ content })).body.html).toContain(`<a href="${own}" rel="nofollow ugc noopener">a</a>`);
      expect((await alice.post("/api/preview").send({ content: "" })).body).toEqual({ html: "" });
    });

    it("takes up to the longest composer's text, and nothing else", async () => {
      expect((await alice.post("/api/preview").send({ content: "x".repeat(10_000) })).status).toBe(200);
      expect((await alice.post("/api/preview").send({ content: "x".repeat(10_001) })).status).toBe(400);
      expect((await alice.post("/api/preview").send({ content: "x", extra: 1 })).status).toBe(400);
      expect((await alice.post("/api/preview").send({})).status).toBe(400);
    });

    it("is for signed-in members", async () => {
      expect((await request(t.app).post("/api/preview").send({ content: "x" })).status).toBe(401);
    });
  });

  describe("GET /api/posts/{id}/revisions", () => {
    it("lists the current text first, then each earlier one, newest first", async () => {
      const created = await reply(alice, await newTopic(), "first **one**");
      await alice.patch(`/api/posts/${created.body.id}`).send({ content: "second" });
      const latest = await alice.patch(`/api/posts/${created.body.id}`).send({ content: "third _one_" });
      const res = await bob.get(`/api/posts/${created.body.id}/revisions`);
      expect(res.status).toBe(200);
      const { revisions } = res.body as PostRevisions;
      expect(revisions.map(({ version, content, html }) => ({ version, content, html }))).toEqual([
        { version: 3, content: "third _one_", html: "<p>third <em>one</em></p>\n" },
        { version: 2, content: "second", html: "<p>second</p>\n" },
        { version: 1, content: "first **one**", html: "<p>first <strong>one</strong></p>\n" },
      ]);
      expect(revisions[0]!.editedAt).toBe(latest.body.updatedAt);
      expect(revisions[2]!.editedAt).toBe(created.body.createdAt);
      expect(new Date(revisions[1]!.editedAt) > new Date(revisions[2]!.editedAt)).toBe(true);
    });

    it("has the one version of a post never edited", async () => {
      const created = await reply(alice, await newTopic(), "only");
      expect((await bob.get(`/api/posts/${created.body.id}/revisions`)).body).toEqual({
        revisions: [{ version: 1, content: "only", html: "<p>only</p>\n", editedAt: created.body.createdAt }],
      });
    });

    it("is 404 for a deleted post, a post that never was, and a topic the reader cannot see; 401 signed out", async () => {
      const created = await reply(alice, await newTopic(), "gone soon");
      expect((await request(t.app).get(`/api/posts/${created.body.id}/revisions`)).status).toBe(401);
      await alice.delete(`/api/posts/${created.body.id}`);
      expect((await bob.get(`/api/posts/${created.body.id}/revisions`)).status).toBe(404);
      expect((await bob.get("/api/posts/999999/revisions")).status).toBe(404);
      expect((await bob.get("/api/posts/abc/revisions")).status).toBe(404);

      const leaving = await insertMember(t.database.db);
      const agent = await signedInAgent(t.app, leaving.username);
      const hidden = await reply(alice, await newTopic(agent), "in a topic of a member being deleted");
      await t.database.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, leaving.id));
      expect((await bob.get(`/api/posts/${hidden.body.id}/revisions`)).status).toBe(404);
    });
  });

  it("gives search snippets as plain text, without Markdown marks", async () => {
    await reply(alice, await newTopic(), "# Heading\n\nThe **quokka** is _happy_ with `code` and [a link](https://example.com/quokka)");
    const res = await bob.get("/api/search").query({ q: "quokka" });
    const [result] = res.body.results as PostSearchResult[];
    expect(result!.snippet).toBe("Heading\nThe quokka is happy with code and a link");
    expect(result!.highlights).toEqual([[12, 18]]);
  });
});
