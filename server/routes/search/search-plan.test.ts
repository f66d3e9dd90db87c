import { OPEN_ONLY_SCOPE } from "../../policies/category-access";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_COUNT_LIMIT, SEARCH_PAGE_SIZE } from "@shared/constants";
import { topics } from "../../db/schema";
import { countPostsSql, INDEXED_POSTS, RECENT_POSTS, runPostSearch, searchPostsSql } from "../../queries/search";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember } from "../../test/fixtures";

interface PlanNode {
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** Rows the plan read from `posts`: what each scan of it returned and what its filters removed. */
const postsRowsRead = (plan: PlanNode) =>
  nodes(plan)
    .filter((node) => node["Relation Name"] === "posts")
    .reduce(
      (sum, node) =>
        sum + (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0)) * node["Actual Loops"],
      0,
    );

/** Whether the plan walked the posts' primary key (the newest posts, backwards) at all. */
const walkedPrimaryKey = (plan: PlanNode) => nodes(plan).some((node) => node["Index Name"] === "posts_pkey" && node["Actual Loops"] > 0);

describe("search plans", () => {
  let t: TestApp;
  /** More posts than the bounds together, so a plan that reads them all is told apart from one that stays within them. */
  const POSTS = RECENT_POSTS + INDEXED_POSTS + 2000;
  const pageRows = SEARCH_PAGE_SIZE + 1;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const author = await insertMember(db);
    const [topic] = await db.insert(topics).values({ title: "Plans", createdBy: author.id }).returning();
    // Half the posts say "really", as a common word does; none holds two of them side by side.
    await db.execute(sql`INSERT INTO posts (content, topic_id, author_id)
      SELECT CASE WHEN n % 2 = 0 THEN 'really said ' || n ELSE 'something else ' || n END, ${topic!.id}, ${author.id}
      FROM generate_series(1, ${POSTS}) n`);
    // The statistics a running database keeps (autovacuum); ANALYZE takes the owner's connection.
    const owner = new pg.Client({ connectionString: t.database.url });
    await owner.connect();
    try {
      await owner.query("ANALYZE posts");
    } finally {
      await owner.end();
    }
  }, 120_000);
  afterAll(() => t.close());

  const explainStatement = async (statement: SQL) => {
    const result = await runPostSearch<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(t.database.db, sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`);
    return result.rows[0]!["QUERY PLAN"][0].Plan;
  };
  const explain = (q: string) => explainStatement(searchPostsSql(q, OPEN_ONLY_SCOPE));

  it("answers words no post has with one index probe, reading no post", async () => {
    for (const q of ["zeppelinx", '"blorfy snazzlewick"']) {
      const plan = await explain(q);
      expect(walkedPrimaryKey(plan)).toBe(false);
      expect(postsRowsRead(plan)).toBe(0);
    }
  });

  it("reads at most the newest posts for a common word that matches nothing (word -word)", async () => {
    const plan = await explain("really -really");
    expect(postsRowsRead(plan)).toBeLessThanOrEqual(RECENT_POSTS);
  });

  it.each([["really"], ['"really else"'], ["-really"], ["something or zeppelinx"]])(
    "reads a bounded number of posts for %s, whatever it matches",
    async (q) => {
      expect(postsRowsRead(await explain(q))).toBeLessThanOrEqual(RECENT_POSTS + INDEXED_POSTS + 1 + pageRows);
    },
  );

  it("counts a common word's posts reading only until the count's limit, and words no post has reading none", async () => {
    const common = await explainStatement(countPostsSql("really", OPEN_ONLY_SCOPE, SEARCH_COUNT_LIMIT));
    // Half the newest posts say it: about twice the limit walked, and the limit's rows joined.
    expect(postsRowsRead(common)).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT * 4);
    const none = await explainStatement(countPostsSql("zeppelinx", OPEN_ONLY_SCOPE, SEARCH_COUNT_LIMIT));
    expect(walkedPrimaryKey(none)).toBe(false);
    expect(postsRowsRead(none)).toBe(0);
    for (const q of ['"really else"', "really -really", "something or zeppelinx"]) {
      expect(postsRowsRead(await explainStatement(countPostsSql(q, OPEN_ONLY_SCOPE, SEARCH_COUNT_LIMIT)))).toBeLessThanOrEqual(RECENT_POSTS + INDEXED_POSTS + 1 + SEARCH_COUNT_LIMIT);
    }
  });
});
