import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONVERSATIONS_PAGE_SIZE } from "@shared/constants";
import { countUnreadConversations, listConversations } from "../../queries/conversations";
import { createTestApp, type TestApp } from "../../test/app";
import { insertMember } from "../../test/fixtures";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
/** Rows a plan read from a table: what each scan of it returned and what its filters removed. */
const rowsRead = (plan: PlanNode, table: string) =>
  nodes(plan)
    .filter((node) => node["Relation Name"] === table)
    .reduce((sum, node) => sum + (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0)) * node["Actual Loops"], 0);
/** Scans of the tables that grow with conversations (users, two rows here, is left to the planner). */
const sequentialScans = (plan: PlanNode) =>
  nodes(plan)
    .filter((node) => node["Node Type"] === "Seq Scan" && node["Actual Loops"] > 0 && node["Relation Name"] !== "users")
    .map((node) => node["Relation Name"]);

/**
 * docs/decisions/032-private-messages.md: the conversation list and the navigation's count answer
 * from indexes for a member with many conversations, reading about a page of them, not all.
 */
describe("conversation list plans", () => {
  let t: TestApp;
  let memberId: number;
  const CONVERSATIONS = 3_000;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    const member = await insertMember(db);
    const other = await insertMember(db);
    memberId = member.id;
    // 3,000 conversations with another member, two messages each (one by each), the member having read all but 10.
    await db.execute(sql`
      WITH made AS (INSERT INTO conversations (title) SELECT 'c' || n FROM generate_series(1, ${CONVERSATIONS}) n RETURNING id)
      INSERT INTO messages (conversation_id, author_id, content, html, plain_text)
      SELECT id, author, 'hello', '<p>hello</p>', 'hello' FROM made, unnest(ARRAY[${member.id}::int, ${other.id}::int]) author`);
    await db.execute(sql`
      INSERT INTO conversation_participants (conversation_id, user_id, last_message_id)
      SELECT conversation_id, who, max(id) FROM messages, unnest(ARRAY[${member.id}::int, ${other.id}::int]) who GROUP BY conversation_id, who`);
    await db.execute(sql`
      UPDATE conversation_participants SET last_read_message_id = last_message_id
      WHERE user_id = ${member.id} AND conversation_id NOT IN (SELECT id FROM conversations ORDER BY id DESC LIMIT 10)`);
    const owner = new pg.Client({ connectionString: t.database.url });
    await owner.connect();
    try {
      await owner.query("ANALYZE conversations, conversation_participants, messages, users");
    } finally {
      await owner.end();
    }
  }, 120_000);
  afterAll(() => t.close());

  /** Runs a query function with EXPLAIN ANALYZE in front of its statement and answers the plan. */
  const planOf = async (run: (executor: { execute: (query: SQL) => Promise<unknown> }) => Promise<unknown>): Promise<PlanNode> => {
    let plan: PlanNode | undefined;
    const explaining = {
      execute: async (query: SQL) => {
        const result = await t.database.db.execute<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`);
        plan = result.rows[0]!["QUERY PLAN"][0].Plan;
        return { rows: [{ count: 0 }] };
      },
    };
    await run(explaining as never).catch(() => undefined);
    return plan!;
  };

  it("reads a page of the member's conversations (and of their messages), not all of them", async () => {
    // The first page, and one deep in the list.
    const [deep] = (await t.database.db.execute<{ id: number }>(sql`
      SELECT last_message_id AS id FROM conversation_participants WHERE user_id = ${memberId} ORDER BY last_message_id LIMIT 1 OFFSET 100`)).rows;
    for (const cursor of [undefined, deep!.id]) {
      const plan = await planOf((executor) => listConversations(executor as never, memberId, cursor));
      expect(sequentialScans(plan)).toEqual([]);
      expect(plan["Actual Rows"]).toBe(CONVERSATIONS_PAGE_SIZE + 1);
      expect(rowsRead(plan, "conversation_participants")).toBeLessThan(CONVERSATIONS_PAGE_SIZE * 4);
      expect(rowsRead(plan, "messages")).toBeLessThan(CONVERSATIONS_PAGE_SIZE * 6);
    }
  });

  it("counts unread conversations from the partial index", async () => {
    const plan = await planOf((executor) => countUnreadConversations(executor as never, memberId));
    expect(sequentialScans(plan)).toEqual([]);
    expect(nodes(plan).some((node) => node["Index Name"] === "conversation_participants_unread_idx")).toBe(true);
    expect(rowsRead(plan, "messages")).toBeLessThan(20 * 2);
  });
});
