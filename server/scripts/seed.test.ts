import { INVITE_CODE_ALPHABET } from "@shared/constants";
import { usernameSchema } from "@shared/schemas/fields";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password";
import { createTestDatabase, type TestDatabase } from "../test/database";
import { runScript, type Finished } from "../test/processes";
import { SEEDED_PASSWORD } from "./seed-password";

const COUNTS = { members: 60, topics: 8, posts: 500, comments: 120 };

describe("npm run seed", () => {
  let database: TestDatabase;
  let first: Finished;
  const seed = (...args: string[]) => runScript("server/scripts/seed.ts", args, { DATABASE_URL: database.url });
  const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await database.pool.query<T>(text, params)).rows;
  const count = async (table: string) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  /** Everything that must hold after any seed run, on the whole database. */
  async function expectConsistent() {
    const [counters] = await query<{ users: string; topics: string }>(`
      SELECT (SELECT count(*) FROM users u WHERE u.posts_count <> (SELECT count(*) FROM posts p WHERE p.author_id = u.id)) AS users,
             (SELECT count(*) FROM topics t
              WHERE t.posts_count <> (SELECT count(*) FROM posts p WHERE p.topic_id = t.id)
                 OR t.last_post_at IS DISTINCT FROM (SELECT max(created_at) FROM posts p WHERE p.topic_id = t.id)) AS topics`);
    expect(counters).toEqual({ users: "0", topics: "0" });

    // Invite chains: an earlier inviter, and exactly one used invite of theirs per member.
    const badChains = await query(`
      SELECT u.id FROM users u JOIN users i ON i.id = u.invited_by
      WHERE i.id >= u.id OR i.created_at >= u.created_at
         OR (SELECT count(*) FROM invites v
             WHERE v.used_by = u.id AND v.used_at = u.created_at AND v.created_by = u.invited_by
               AND v.assigned_to = u.invited_by AND v.created_at <= v.used_at
               AND (v.expires_at IS NULL OR v.expires_at > v.used_at)) <> 1`);
    expect(badChains).toEqual([]);
    const unmatched = await query(`SELECT id FROM users u WHERE (SELECT count(*) FROM invites v WHERE v.used_by = u.id) <> 1`);
    expect(unmatched).toEqual([]);

    const names = (await query<{ username: string }>("SELECT username FROM users")).map((row) => row.username);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
    for (const name of names) expect(usernameSchema.safeParse(name).success, name).toBe(true);

    const codes = (await query<{ code: string }>("SELECT code FROM invites")).map((row) => row.code);
    const codeShape = new RegExp(`^[${INVITE_CODE_ALPHABET}]{12}$`);
    for (const code of codes) expect(code).toMatch(codeShape);

    // Posts: after their topic and their author, time increasing with id inside a topic.
    const [posts] = await query<Record<string, string>>(`
      SELECT count(*) FILTER (WHERE p.created_at < t.created_at) AS before_topic,
             count(*) FILTER (WHERE p.created_at < u.created_at) AS before_author,
             count(*) FILTER (WHERE p.created_at < p.previous) AS out_of_order
      FROM (SELECT *, lag(created_at) OVER (PARTITION BY topic_id ORDER BY id) AS previous FROM posts) p
      JOIN topics t ON t.id = p.topic_id JOIN users u ON u.id = p.author_id`);
    expect(posts).toEqual({ before_topic: "0", before_author: "0", out_of_order: "0" });

    // Categories and tags: counted exactly, each topic's tags valid and at most five.
    const [forum] = await query<Record<string, string>>(`
      SELECT (SELECT count(*) FROM categories c WHERE c.topics_count <> (SELECT count(*) FROM topics t WHERE t.category_id = c.id)) AS categories,
             (SELECT count(*) FROM tags g WHERE g.topics_count <> (SELECT count(*) FROM topics t WHERE g.name = ANY (t.tags))) AS tags,
             (SELECT count(*) FROM topics WHERE cardinality(tags) > 5
                OR EXISTS (SELECT 1 FROM unnest(tags) tag WHERE tag !~ '^[a-z0-9][a-z0-9-]{0,29}$')) AS bad_tags`);
    expect(forum).toEqual({ categories: "0", tags: "0", bad_tags: "0" });

    // Private messages: 2-10 members each, written by its members, each member's row pointing at its newest message.
    const [conversations] = await query<Record<string, string>>(`
      SELECT (SELECT count(*) FROM conversations c WHERE (SELECT count(*) FROM conversation_participants p WHERE p.conversation_id = c.id) NOT BETWEEN 2 AND 10) AS bad_sizes,
             (SELECT count(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM conversation_participants p WHERE p.conversation_id = m.conversation_id AND p.user_id = m.author_id)) AS strangers,
             (SELECT count(*) FROM conversation_participants p
              WHERE p.last_message_id IS DISTINCT FROM (SELECT max(id) FROM messages m WHERE m.conversation_id = p.conversation_id)
                 OR p.last_read_message_id > p.last_message_id) AS bad_positions`);
    expect(conversations).toEqual({ bad_sizes: "0", strangers: "0", bad_positions: "0" });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seed(
      "--members", String(COUNTS.members), "--topics", String(COUNTS.topics),
      "--posts", String(COUNTS.posts), "--comments", String(COUNTS.comments),
    );
  });
  afterAll(() => database.drop());

  it("prints the phases and the shared password", () => {
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^\s+posts\s+[\d.]+ s/m);
    expect(first.stdout).toContain(`Seeded members' password: ${SEEDED_PASSWORD}`);
  });

  it("creates the requested rows, with exact counters and consistent invite chains", async () => {
    expect(await count("users")).toBe(COUNTS.members);
    expect(await count("topics")).toBe(COUNTS.topics);
    expect(await count("posts")).toBe(COUNTS.posts);
    expect(await count("profile_comments")).toBe(COUNTS.comments);
    // The default: 100 conversations, less those whose draw left one member (how many is chance: on a
    // 60-member site the early ones draw from few), each with 2 members or more, and 2,000 messages.
    const conversations = await count("conversations");
    expect(conversations).toBeGreaterThan(50);
    expect(conversations).toBeLessThanOrEqual(100);
    expect(await count("(SELECT conversation_id FROM conversation_participants GROUP BY conversation_id HAVING count(*) >= 2) full_ones")).toBe(conversations);
    expect(await count("messages")).toBe(2000);
    expect(await count("invites WHERE used_at IS NOT NULL")).toBe(COUNTS.members);
    expect(await count("invites WHERE used_at IS NULL AND expires_at < now()")).toBeGreaterThan(0);
    expect(await count("invites WHERE used_at IS NULL AND (expires_at IS NULL OR expires_at > now())")).toBeGreaterThan(0);
    expect(await count("users WHERE invited_by IS NULL")).toBe(3);
    await expectConsistent();
  });

  it("makes data for the badges and the admin area", async () => {
    const [facts] = await query<Record<string, string>>(`
      SELECT (SELECT count(*) FROM users WHERE is_admin) AS admins,
             (SELECT count(*) FROM users WHERE created_at < now() - interval '365 days') AS veterans,
             (SELECT max(n) FROM (SELECT count(*) AS n FROM invites WHERE used_at IS NOT NULL GROUP BY created_by) x) AS most_invited,
             (SELECT count(*) FROM user_badges WHERE badge_type = 'owner') AS owners,
             (SELECT count(*) FROM topics WHERE is_pinned) AS pinned,
             (SELECT count(*) FROM posts WHERE content ~ 'https?://') AS with_links,
             (SELECT count(*) FROM posts WHERE content LIKE E'%\\n%') AS multiline`);
    expect(Number(facts!.admins)).toBeGreaterThanOrEqual(2);
    expect(Number(facts!.veterans)).toBeGreaterThan(0);
    expect(Number(facts!.most_invited)).toBeGreaterThanOrEqual(10);
    expect(facts!.owners).toBe("1");
    expect(Number(facts!.pinned)).toBeGreaterThan(0);
    expect(await count("categories")).toBeGreaterThan(1);
    expect(await count("topics WHERE cardinality(tags) > 0")).toBeGreaterThan(0);
    expect(Number(facts!.with_links)).toBeGreaterThan(0);
    expect(Number(facts!.multiline)).toBeGreaterThan(0);
  });

  it("gives every member the printed password", async () => {
    const password = first.stdout.match(/^Seeded members' password: (.+)$/m)![1]!;
    const [member] = await query<{ password: string }>("SELECT password FROM users ORDER BY random() LIMIT 1");
    expect(await verifyPassword(password, member!.password)).toBe(true);
  });

  it("leaves the sequences ahead of the seeded ids", async () => {
    const client = await database.pool.connect();
    try {
      await client.query("BEGIN");
      const { rows: [user] } = await client.query<{ id: number }>(
        "INSERT INTO users (username, password) VALUES ('after_seed', 'x') RETURNING id",
      );
      const { rows: [topic] } = await client.query<{ id: number }>(
        "INSERT INTO topics (title, created_by) VALUES ('After the seed', $1) RETURNING id",
        [user!.id],
      );
      const { rows: [post] } = await client.query<{ id: number }>(
        "INSERT INTO posts (content, topic_id, author_id) VALUES ('hello', $1, $2) RETURNING id",
        [topic!.id, user!.id],
      );
      expect(user!.id).toBe(COUNTS.members + 1);
      expect(topic!.id).toBe(COUNTS.topics + 1);
      expect(post!.id).toBe(COUNTS.posts + 1);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("adds to the existing data when run again, and starts over with --reset", async () => {
    const again = await seed("--members", "10", "--topics", "2", "--posts", "40", "--comments", "5");
    expect(again.code).toBe(0);
    expect(await count("users")).toBe(COUNTS.members + 10);
    expect(await count("posts")).toBe(COUNTS.posts + 40);
    await expectConsistent();

    const reset = await seed("--reset", "--members", "5", "--topics", "1", "--posts", "7", "--comments", "0");
    expect(reset.code).toBe(0);
    expect(await query("SELECT min(id) AS min, max(id) AS max FROM users")).toEqual([{ min: 1, max: 5 }]);
    expect(await count("posts")).toBe(7);
    expect(await count("profile_comments")).toBe(0);
    await expectConsistent();
  });

  it("refuses bad options with the usage", async () => {
    const bad = await seed("--members", "1");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Error: --members must be at least 2");
    expect(bad.stderr).toContain("Usage: npm run seed");
  });
});
