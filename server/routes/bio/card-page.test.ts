import { eq } from "drizzle-orm";
import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bioCards, userBadges, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { parseHtml as parse, shownCard } from "../../test/card-page";
import { PNG_1X1 } from "../../test/files";
import { BROWSER, insertMember, PASSWORD, signedInAgent, insertCardOwner } from "../../test/fixtures";

describe("the page of /{username}", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A page or API request from a browser (requests without a user agent count as bots). */
  const visit = (path: string) => request(t.app).get(path).set("User-Agent", BROWSER);
  const viewsOf = async (userId: number) => (await t.database.db.select().from(bioCards).where(eq(bioCards.userId, userId)))[0]!.viewsCount;

  it("is the card page, rendered on the server from what the API answers, counting the visitor once", async () => {
    const { user, agent } = await insertCardOwner(t);
    await agent.patch("/api/bio").send({ displayName: "Ada", showViews: true });
    const page = await visit(`/${user.username}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain('src="/card.js"');
    expect(page.text).not.toContain('src="/app.js"');
    // The same visitor: counted once, by the page, once its batch is written.
    await t.visits.flush();
    const api = await visit(`/api/bio/${user.username}`);
    // The page shows what is counted: the same visitor's next page, after the batch, shows its one view.
    expect(shownCard((await visit(`/${user.username}`)).text)).toMatchObject({ displayName: api.body.displayName, views: String(api.body.viewsCount) });
    expect(api.body.viewsCount).toBe(1);
  });

  it("renders hostile names, descriptions, places and links as text and safe addresses, never as markup", async () => {
    const { user, agent } = await insertCardOwner(t);
    const hostile = `</script><script>alert(1)</script><!-- & \u2028 "quotes" <img src=x onerror=alert(2)>`;
    const location = `"><svg onload=alert(3)>`;
    expect((await agent.patch("/api/bio").send({ bioText: hostile, displayName: "</SCRIPT><b>bold</b>", location })).status).toBe(200);
    for (const [title, url] of [["<i>x</i>\" onmouseover=\"alert(4)", "https://example.com/?q=\"><script>alert(5)</script>"], ["Mail & more", "mailto:a@example.com"]]) {
      expect((await agent.post("/api/user/links").send({ title, url })).status).toBe(201);
    }
    const page = await request(t.app).get(`/${user.username}`);
    const document = parse(page.text);
    // The only elements are the page's own: one script (the card's module), no member-made tags or handlers.
    expect([...document.querySelectorAll("script")].map((script) => script.getAttribute("src"))).toEqual(["/card.js"]);
    expect(document.querySelectorAll("b, i, svg[onload], img[onerror], [onmouseover]")).toHaveLength(0);
    expect(shownCard(page.text)).toMatchObject({
      bioText: hostile,
      displayName: "</SCRIPT><b>bold</b>",
      links: [
        { href: "https://example.com/?q=%22%3E%3Cscript%3Ealert(5)%3C/script%3E", title: `<i>x</i>" onmouseover="alert(4)` },
        { href: "mailto:a@example.com", title: "Mail & more" },
      ],
    });
    expect(document.body.textContent).toContain(location);
  });

  it("is a 404 with no card for an unknown, private or unset card, and the app for the site's own screens", async () => {
    const unknown = await request(t.app).get("/no_such_member");
    expect(unknown.status).toBe(404);
    expect(shownCard(unknown.text)).toBeNull();
    expect(parse(unknown.text).querySelector("h1")?.textContent).toBe("User Not Found");
    expect(unknown.text).not.toContain("og:title");
    expect(unknown.text).toMatch(/<title>User Not Found \| [^<]+<\/title>/);

    const { user, agent } = await insertCardOwner(t);
    await agent.patch("/api/bio").send({ isPublic: false });
    const hidden = await request(t.app).get(`/${user.username}`);
    expect(hidden.status).toBe(404);
    expect(shownCard(hidden.text)).toBeNull();

    for (const path of ["/forum", "/Admin", "/search", "/"]) {
      const screen = await request(t.app).get(path);
      expect(screen.status).toBe(200);
      expect(screen.text).toContain('src="/app.js"');
      expect(screen.text).not.toContain("data-card-page");
    }
  });

  it("carries an ETag; a matching If-None-Match gets 304 until the card changes", async () => {
    const { user, agent } = await insertCardOwner(t);
    // One origin throughout (supertest's own port changes per request, and the page names its origin).
    const page = () => visit(`/${user.username}`).set("Host", "community.test");
    const first = await page();
    expect(first.headers.etag).toBeTruthy();
    const again = await page().set("If-None-Match", first.headers.etag!);
    expect(again.status).toBe(304);
    await agent.patch("/api/bio").send({ displayName: "Changed" });
    const changed = await page().set("If-None-Match", first.headers.etag!);
    expect(changed.status).toBe(200);
    expect(shownCard(changed.text)!.displayName).toBe("Changed");
  });

  it("counts a visitor's view once and never the owner's, who is recognised by the session", async () => {
    const { user, agent } = await insertCardOwner(t);
    const ownerCookie = await signedInCookie(user.username);
    // Another browser than the visitor's, so deduplication cannot hide a counted owner's visit.
    await visit(`/${user.username}`).set("Cookie", ownerCookie).set("User-Agent", `${BROWSER} Owner/1`);
    await t.visits.flush();
    expect(await viewsOf(user.id)).toBe(0);
    await visit(`/${user.username}`);
    await visit(`/${user.username}`);
    await t.visits.flush();
    expect(await viewsOf(user.id)).toBe(1);
    expect((await agent.get("/api/bio/settings")).body.bioCard.viewsCount).toBe(1);
  });

  it("carries Open Graph and Twitter tags, escaped, and leaves out what the owner's switches hide", async () => {
    const { user, agent } = await insertCardOwner(t);
    const avatar = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png")).body.url;
    await agent.patch("/api/bio").send({ displayName: 'Ada "<Lovelace>"', bioText: "Engines & poems", themeColor: "#ff00aa", bioAvatar: avatar, showUid: false });
    const page = await request(t.app).get(`/${user.username}`).set("Host", "community.test");
    expect(page.text).toContain('<meta property="og:title" content="Ada &quot;&lt;Lovelace&gt;&quot;">');
    // The title the page's script sets (markup stripped), there already for readers of the HTML alone.
    expect(page.text).toMatch(/<title>Ada &quot;&quot; \| [^<]+<\/title>/);
    expect(page.text).toContain('<meta property="og:description" content="Engines &amp; poems">');
    // The share image is the card's own (share-image.test.ts), with or without an avatar.
    const shareImage = `http://community.test/${user.username}/og.png`;
    expect(page.text).toContain(`<meta property="og:image" content="${shareImage}">`);
    expect(page.text).toContain(`<meta name="twitter:image" content="${shareImage}">`);
    expect(page.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(page.text).toContain('<meta name="theme-color" content="#ff00aa">');
    expect(page.text).not.toContain("<Lovelace>");
    expect(shownCard(page.text)!.uid).toBeUndefined();

    await agent.patch("/api/bio").send({ showAvatar: false });
    const withoutAvatar = await request(t.app).get(`/${user.username}`).set("Host", "community.test");
    expect(withoutAvatar.text).toContain("og:title");
    expect(withoutAvatar.text).toContain(`<meta property="og:image" content="${shareImage}">`);
    expect(withoutAvatar.text).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(shownCard(withoutAvatar.text)!.avatar).toBeUndefined();
  });

  // Review L3: the owner's id came in customLinks with showUid off, badges named their granter and
  // date (the og_user date is the join date), and showStats was the client's alone to apply.
  it("carries nothing the card's switches hide, in the page and the API's answer alike", async () => {
    const joined = new Date("2019-07-08T09:10:11.000Z");
    const granter = await insertMember(t.database.db, { username: "granter_marker" });
    const owner = await insertMember(t.database.db, { id: 987_654, createdAt: joined, avatar: "/uploads/profile-marker.png", isOnline: true });
    const agent = await signedInAgent(t.app, owner.username);
    expect((await agent.post("/api/bio")).status).toBe(201);
    const bioAvatar = (await agent.post("/api/upload").field("kind", "bioAvatar").attach("file", PNG_1X1, "a.png")).body.url as string;
    expect((await agent.post("/api/user/links").send({ title: "Site", url: "https://site.example" })).status).toBe(201);
    const grantedAt = new Date("2020-02-03T04:05:06.000Z");
    await t.database.db.insert(userBadges).values({ userId: owner.id, badgeType: "verified", grantedBy: granter.id, grantedAt });
    await t.database.db.update(bioCards).set({ viewsCount: 31_337, bioAvatar }).where(eq(bioCards.userId, owner.id));

    const everyBadgeDetail = [granter.username, joined.toISOString(), "2019-07-08", grantedAt.toISOString(), "2020-02-03", '"grantedAt"', '"grantedByUsername"', '"automatic"'];
    const ofLinks = [String(owner.id), '"userId"', '"createdAt"', '"displayOrder"', '"isVisible"'];
    const stats = ['"uid"', '"viewsCount"', "31337", "31338"];
    const cases: { switches: Record<string, unknown>; hidden: string[] }[] = [
      {
        switches: { showBadges: false, showStats: false, showUid: false, showViews: false, showAvatar: false, showOnlineStatus: false, visibleBadges: ["verified"] },
        hidden: [...everyBadgeDetail, ...ofLinks, ...stats, "verified", '"visibleBadges"', "profile-marker", bioAvatar, '"isOnline"'],
      },
      // Shown badges carry their type only; the chips need showStats as well as their own switch.
      { switches: { showBadges: true, visibleBadges: null, showStats: false, showUid: true, showViews: true }, hidden: [...everyBadgeDetail, ...ofLinks, ...stats] },
    ];
    for (const { switches, hidden } of cases) {
      expect((await agent.patch("/api/bio").send(switches)).status).toBe(200);
      const page = await visit(`/${owner.username}`);
      const api = await visit(`/api/bio/${owner.username}`);
      expect(page.status).toBe(200);
      expect(api.status).toBe(200);
      for (const answer of [page.text, api.text, JSON.stringify(shownCard(page.text))]) {
        for (const value of hidden) expect(answer, `${JSON.stringify(switches)} shows ${value}`).not.toContain(value);
      }
    }
    expect(shownCard((await visit(`/${owner.username}`)).text)!.badges).toContain("verified");
  });

  // String.prototype.replace would read $&, $` and $' in a replacement string as patterns.
  it("inserts a display name and description with $&, $` and $' literally, in the tags and the data", async () => {
    const { user, agent } = await insertCardOwner(t);
    const displayName = "Cash $& money";
    const bioText = "Price $` tag $'";
    expect((await agent.patch("/api/bio").send({ displayName, bioText })).status).toBe(200);
    const page = await visit(`/${user.username}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<meta property="og:title" content="Cash $&amp; money">');
    expect(page.text).toContain('<meta name="twitter:title" content="Cash $&amp; money">');
    expect(page.text).toContain("<meta property=\"og:description\" content=\"Price $` tag $&#39;\">");
    expect(page.text.match(/<\/head>/g)).toHaveLength(1);
    expect(page.text.match(/<\/body>/g)).toHaveLength(1);
    expect(shownCard(page.text)).toMatchObject({ displayName, bioText });

    const dollarSite = await createTestApp({ SITE_NAME: "Club $' $&" }, { database: t.database });
    try {
      const named = await request(dollarSite.app).get(`/${user.username}`).set("User-Agent", BROWSER);
      expect(named.text).toContain("<title>Cash $&amp; money | Club $&#39; $&amp;</title>");
      expect(named.text).toContain('<meta property="og:site_name" content="Club $&#39; $&amp;">');
      expect(shownCard(named.text)).toMatchObject({ displayName, bioText });
    } finally {
      await dollarSite.close();
    }
  });

  // Review I1: a display name of "%PUBLIC_URL%" came out as the site's origin in the <title>.
  it("never reads member text as the page's placeholders", async () => {
    const { user, agent } = await insertCardOwner(t);
    const displayName = "%PUBLIC_URL% and %SITE_NAME%";
    expect((await agent.patch("/api/bio").send({ displayName, bioText: "%SITE_NAME%" })).status).toBe(200);
    const page = await visit(`/${user.username}`).set("Host", "community.test");
    expect(page.text).toContain(`<title>%PUBLIC_URL% and %SITE_NAME% | ${t.config.SITE_NAME}</title>`);
    expect(page.text).toContain('<meta property="og:title" content="%PUBLIC_URL% and %SITE_NAME%">');
    expect(page.text).toContain('<meta property="og:description" content="%SITE_NAME%">');
    expect(page.text).toContain('<meta name="public-url" content="http://community.test">');
    expect(shownCard(page.text)).toMatchObject({ displayName, bioText: "%SITE_NAME%" });
  });

  it("is compressed when large, like the API's answers", async () => {
    const { user, agent } = await insertCardOwner(t);
    expect((await agent.patch("/api/bio").send({ bioText: "A long description. ".repeat(24) })).status).toBe(200);
    for (const path of [`/${user.username}`, `/api/bio/${user.username}`]) {
      const res = await visit(path).set("Accept-Encoding", "gzip");
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.text).toContain("A long description.");
    }
  });

  it("answers any path a stranger may type, banned or hostile owner names included, without a 500", async () => {
    const { user: banned, agent } = await insertCardOwner(t);
    await agent.patch("/api/bio").send({ bioText: "</script><script>alert(1)</script>" });
    await t.database.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
    const hidden = await visit(`/${banned.username}`);
    expect(hidden.status).toBe(404);
    expect(shownCard(hidden.text)).toBeNull();

    const segment = fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/), fc.string({ unit: "grapheme", maxLength: 30 }));
    await fc.assert(
      fc.asyncProperty(segment, async (name) => {
        const res = await visit(`/${encodeURIComponent(name)}`);
        expect([200, 400, 404]).toContain(res.status);
        expect(res.text).not.toMatch(/at .*\.ts:\d+/); // no stack trace
      }),
      { seed: 20_261_123, numRuns: 60 },
    );
  });

  // Review M3: the page was outside every limit.
  it("is under the address's general limit, which it shares with the API", async () => {
    const limited = await createTestApp({ RATE_LIMIT_API_PER_MINUTE: "3" }, { database: t.database });
    try {
      const { user } = await insertCardOwner(t);
      const page = () => request(limited.app).get(`/${user.username}`).set("User-Agent", BROWSER);
      expect((await page()).status).toBe(200);
      expect((await request(limited.app).get(`/api/bio/${user.username}`)).status).toBe(200);
      expect((await request(limited.app).get("/no_such_member")).status).toBe(404);
      const refused = await page();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect((await request(limited.app).get(`/api/bio/${user.username}`)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  // Third contract, "Changes to earlier sections": the banned screen on /{username} too, whatever the name.
  it("gives a banned member the app's page, which shows the banned screen, for any name, counting nothing", async () => {
    const { user: owner } = await insertCardOwner(t);
    const banned = await insertMember(t.database.db, { isBanned: true, banReason: "Spam" });
    const cookie = await signedInCookie(banned.username);
    for (const path of [`/${owner.username}`, "/no_such_member", `/${banned.username}`]) {
      const page = await visit(path).set("Cookie", cookie);
      expect(page.status, path).toBe(403);
      expect(page.text).toContain('src="/app.js"');
      expect(page.text).not.toContain("data-card-page");
      expect(page.text).not.toContain("User Not Found");
    }
    expect(await viewsOf(owner.id)).toBe(0);
  });

  /** The session cookie of a member signed in on the site (the API and the pages share sessions). */
  async function signedInCookie(username: string) {
    const login = await request(t.app).post("/api/auth/login").send({ username, password: PASSWORD });
    expect(login.status).toBe(200);
    return login.headers["set-cookie"]![0]!.split(";")[0]!;
  }
});
