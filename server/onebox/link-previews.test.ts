import { eq, sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Post } from "@shared/types";
import { linkPreviews, posts, uploads } from "../db/schema";
import { channels } from "../events/channels";
import { TASKS } from "../jobs/tasks";
import { createTestApp, type TestApp } from "../test/app";
import { type Agent, insertMember, signedInAgent } from "../test/fixtures";
import { jobsSettled } from "../test/jobs";
import { ARTICLE, PAGE_IMAGE_SIZE, pageImage, startServer } from "./pages.test-support";
import { PREVIEWS_PER_MINUTE } from "./link-preview-job";

/** docs/product.md "Rich content", link previews: through the API, the job queue and a local site on an allowed port. */
describe("link previews", () => {
  let t: TestApp;
  let site: Awaited<ReturnType<typeof startServer>>;
  let trap: Awaited<ReturnType<typeof startServer>>;
  let alice: Agent;
  let aliceId: number;
  let topicId: number;
  let imageBytes: Buffer;
  const releases: (() => void)[] = [];

  beforeAll(async () => {
    imageBytes = await pageImage();
    trap = await startServer("127.0.0.1");
    site = await startServer("127.0.0.1", (req, res) => {
      const url = new URL(req.url!, "http://x");
      const html = (body: string) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
      if (url.pathname === "/article") return html(ARTICLE);
      if (url.pathname === "/image.png") return res.writeHead(200, { "content-type": "image/png" }).end(imageBytes);
      if (url.pathname === "/plain") return html(`<html><head><title>Plain page ${url.searchParams.get("n") ?? ""}</title><meta name="description" content="No Open Graph"></head></html>`);
      if (url.pathname === "/to-trap") return res.writeHead(302, { location: `http://127.0.0.1:${trap.port}/` }).end();
      // Answers only when the test lets it (or never): the write must not wait for it.
      if (url.pathname === "/held") return releases.push(() => html(`<title>Held</title>`));
      if (url.pathname === "/huge") {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end(`<title>Huge</title>${"x".repeat(2 * 1024 * 1024)}`);
      }
      res.writeHead(404).end();
    });
    t = await createTestApp({ ONEBOX_ALLOW_HOSTS: `127.0.0.1:${site.port}` });
    const a = await insertMember(t.database.db);
    aliceId = a.id;
    alice = await signedInAgent(t.app, a.username);
    topicId = (await alice.post("/api/topics").send({ title: "Links" })).body.id;
  });
  afterAll(async () => {
    for (const release of releases) release();
    await t.close();
    await site.close();
    await trap.close();
  });

  const origin = () => `http://127.0.0.1:${site.port}`;
  const reply = (content: string) => alice.post(`/api/topics/${topicId}/posts`).send({ content });
  const settled = () => jobsSettled(t.database.db, [TASKS.linkPreview], 30_000);
  const htmlOf = async (postId: number) => (await t.database.db.select({ html: posts.html }).from(posts).where(eq(posts.id, postId)))[0]!.html!;
  const postAnswer = async (postId: number) => ((await alice.get(`/api/topics/${topicId}/posts?around=${postId}`)).body as Post[]).find((post) => post.id === postId)!;

  it("shows the plain link at first, then the preview card under it, and tells open pages with post_edited", async () => {
    const listener = new pg.Client({ connectionString: t.database.url });
    await listener.connect();
    const events: unknown[] = [];
    listener.on("notification", (message) => events.push(JSON.parse(message.payload!)));
    await listener.query(`LISTEN ${channels.topicEvents.name}`);

    const url = `${origin()}/article`;
    const created = await reply(`Read this:\n${url}\nand tell me`);
    expect(created.status).toBe(201);
    const postId = created.body.id as number;
    expect(created.body.html).not.toContain("onebox");
    expect(created.body.html).toContain(`<a href="${url}"`);

    await settled();
    const html = await htmlOf(postId);
    expect(html).toMatch(/^<p>Read this:<br \/>\n<a href="http:\/\/127\.0\.0\.1:\d+\/article" rel="nofollow ugc noopener" target="_blank">http:\/\/127\.0\.0\.1:\d+\/article<\/a><\/p>\n<aside class="onebox">/);
    // The page's texts, escaped: its markup is text, never markup.
    expect(html).toContain('<p class="onebox-site">Example News</p>');
    expect(html).toContain(`<p class="onebox-title"><a href="${url}" rel="nofollow ugc noopener" target="_blank">An &lt;b&gt;article&lt;/b&gt; &amp; more</a></p>`);
    expect(html).toContain('<p class="onebox-description">It says &lt;script&gt;alert(1)&lt;/script&gt; "quoted"</p>');
    expect(html).not.toMatch(/<(script|b)>/);
    expect(html).toMatch(/<\/aside>\n<p>and tell me<\/p>\n$/);
    expect((await postAnswer(postId)).html).toBe(html);

    // The image is this site's own upload, re-encoded (smaller, no metadata), never the page's address.
    const src = /<img class="onebox-image" src="(\/uploads\/[0-9a-f]{32}\.png)" alt="" loading="lazy" width="(\d+)" height="(\d+)" \/>/.exec(html);
    expect(src).not.toBeNull();
    expect(html).not.toContain("/image.png");
    const served = await alice.get(src![1]!).buffer(true);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([600, Math.round((600 * PAGE_IMAGE_SIZE.height) / PAGE_IMAGE_SIZE.width)]);
    expect(meta.exif).toBeUndefined();
    expect((served.body as Buffer).includes("page-secret-exif")).toBe(false);
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.filename, src![1]!.slice("/uploads/".length)));
    expect(upload).toMatchObject({ kind: "linkPreview", ownerId: aliceId, unreferencedSince: null });
    expect((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM content_uploads WHERE post_id = ${postId} AND upload_id = ${upload!.id}`)).rows[0]).toEqual({ n: 1 });

    await expect.poll(() => events).toContainEqual(expect.objectContaining({ topicId, event: "post_edited", postId }));
    await listener.end();
    expect(site.hits.filter((hit) => hit.path === "/article")).toHaveLength(1);
    expect(site.hits.every((hit) => hit.method === "GET")).toBe(true);
  });

  it("keeps a preview per URL: another post with the same URL shows it at once, without fetching again", async () => {
    const before = site.hits.length;
    const created = await reply(`${origin()}/article`);
    expect(created.body.html).toContain('<aside class="onebox">');
    await settled();
    expect(site.hits.length).toBe(before);
  });

  it("fetches again after 24 hours", async () => {
    await t.database.db.update(linkPreviews).set({ fetchedAt: sql`now() - interval '25 hours'` }).where(eq(linkPreviews.url, `${origin()}/article`));
    const created = await reply(`${origin()}/article`);
    expect(created.body.html).not.toContain("onebox");
    await settled();
    expect(await htmlOf(created.body.id)).toContain('<aside class="onebox">');
    expect(site.hits.filter((hit) => hit.path === "/article")).toHaveLength(2);
  });

  it("previews only a URL alone on its line: not one inside a sentence, not one in code", async () => {
    const created = await reply(`see ${origin()}/plain?n=inline now\n\n\`${origin()}/plain?n=code\``);
    await settled();
    expect(await htmlOf(created.body.id)).not.toContain("onebox");
    expect(site.hits.some((hit) => hit.path.startsWith("/plain"))).toBe(false);
  });

  it("uses the page's title and description when it has no Open Graph, and its host as the site's name", async () => {
    const created = await reply(`${origin()}/plain?n=1`);
    await settled();
    const html = await htmlOf(created.body.id);
    expect(html).toContain('<p class="onebox-site">127.0.0.1</p>');
    expect(html).toContain(">Plain page 1</a></p>");
    expect(html).toContain('<p class="onebox-description">No Open Graph</p>');
    expect(html).not.toContain("<img");
  });

  it("never slows the write: a page that does not answer, or a huge one, leaves the plain link", async () => {
    for (const path of ["/held", "/huge"]) {
      const started = Date.now();
      const created = await reply(`${origin()}${path}`);
      expect(created.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1_000);
      await settled();
      const html = await htmlOf(created.body.id);
      expect(html).not.toContain("onebox");
      expect(html).toContain(`<a href="${origin()}${path}"`);
    }
    const [failed] = await t.database.db.select().from(linkPreviews).where(eq(linkPreviews.url, `${origin()}/held`));
    expect(failed!.failedAt).not.toBeNull();
  }, 30_000);

  it("leaves the plain link for a page redirecting to an address not listed, which receives nothing", async () => {
    const created = await reply(`${origin()}/to-trap\nhttp://2130706433:${trap.port}/\nhttp://[::ffff:127.0.0.1]:${trap.port}/`);
    await settled();
    expect(await htmlOf(created.body.id)).not.toContain("onebox");
    expect(trap.hits).toEqual([]);
  });

  it("applies a preview to the post's text as it stands: an edit while the page loads is kept", async () => {
    const first = await reply(`${origin()}/plain?n=old`);
    const postId = first.body.id as number;
    const edited = await alice.patch(`/api/posts/${postId}`).send({ content: `New text\n${origin()}/plain?n=new` });
    expect(edited.status).toBe(200);
    await settled();
    const html = await htmlOf(postId);
    expect(html).toContain("New text");
    expect(html).toContain("Plain page new");
    expect(html).not.toContain("n=old");
  });

  it(`fetches at most ${PREVIEWS_PER_MINUTE} previews a minute per member; past that the link stays plain`, async () => {
    await t.database.db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'link_previews:%'`);
    const before = site.hits.filter((hit) => hit.path.startsWith("/plain?n=many")).length;
    const ids: number[] = [];
    for (let n = 0; n < 7; n++) {
      const lines = Array.from({ length: 5 }, (_, i) => `${origin()}/plain?n=many${n * 5 + i}`).join("\n");
      ids.push((await reply(lines)).body.id);
      await settled();
    }
    expect(site.hits.filter((hit) => hit.path.startsWith("/plain?n=many")).length - before).toBe(PREVIEWS_PER_MINUTE);
    expect((await htmlOf(ids.at(-1)!)).match(/class="onebox"/g)).toBeNull();
    expect((await htmlOf(ids[0]!)).match(/class="onebox"/g)).toHaveLength(5);
  }, 60_000);
});
