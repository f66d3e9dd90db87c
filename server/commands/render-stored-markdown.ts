import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Logger } from "../logger";
import { renderMarkdown } from "../markdown/render";
import { findRenderContexts } from "../queries/render-context";
import { forumChanged, forumTags } from "../cache/forum-changes";

/**
 * The backfill of Markdown for rows written before it (docs/decisions/024): posts and profile
 * comments whose `html` is null, and topics' openers whose `description_html` is null
 * (docs/decisions/059), are rendered as their authors', a batch per short transaction,
 * in id order from the partial index of unrendered rows, so it resumes wherever it stopped and an
 * interrupted run loses at most a batch. Only rows still unrendered are written: an edit that
 * rendered a row meanwhile wins.
 */

/** Taken per batch; another process holding it is doing the work, so this one stops. */
const BACKFILL_LOCK_KEY = 0x6d64_0024;
export const BACKFILL_BATCH_SIZE = 500;

type Table = "posts" | "profile_comments" | "topics";

/** Each table's source, author and rendered columns, and whether it keeps the plain text too. */
const COLUMNS: Record<Table, { source: string; author: string; html: string; text: string | null }> = {
  posts: { source: "content", author: "author_id", html: "html", text: "plain_text" },
  profile_comments: { source: "content", author: "author_id", html: "html", text: null },
  topics: { source: "description", author: "created_by", html: "description_html", text: "description_text" },
};
interface Row extends Record<string, unknown> {
  id: number;
  authorId: number;
  content: string;
}

/** Renders the next batch after id `after` of one table: its last id and size, null when none is left (or another process has the lock). */
async function renderBatch(db: Db, table: Table, after: number, batchSize: number): Promise<{ last: number; count: number } | null> {
  return db.transaction(async (tx) => {
    const { rows: locked } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${BACKFILL_LOCK_KEY}) AS locked`);
    if (!locked[0]?.locked) return null;
    const columns = COLUMNS[table];
    const [source, html] = [sql.identifier(columns.source), sql.identifier(columns.html)];
    const { rows } = await tx.execute<Row>(sql`
      SELECT id, ${sql.identifier(columns.author)} AS "authorId", ${source} AS content FROM ${sql.identifier(table)}
      WHERE ${html} IS NULL AND ${source} IS NOT NULL AND id > ${after} ORDER BY id LIMIT ${batchSize}`);
    if (rows.length === 0) return null;
    const contexts = await findRenderContexts(tx, rows.map((row) => ({ authorId: row.authorId, source: row.content })));
    const batch = rows.map((row, index) => ({ id: row.id, ...renderMarkdown(row.content, contexts[index]) }));
    // Posts and openers also keep their plain text, for search snippets and excerpts.
    const plainText = columns.text === null ? sql`` : sql`, ${sql.identifier(columns.text)} = batch.text`;
    await tx.execute(sql`
      UPDATE ${sql.identifier(table)} AS target SET ${html} = batch.html ${plainText}
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS batch(id int, html text, text text)
      WHERE target.id = batch.id AND target.${html} IS NULL`);
    if (table !== "profile_comments") await forumChanged(tx, [forumTags.everything]);
    return { last: rows.at(-1)!.id, count: rows.length };
  });
}

interface BackfillOptions {
  batchSize?: number;
  /** Asked between batches (the server is closing). */
  shouldStop?: () => boolean;
}

/** Renders every unrendered row of the three tables; the number of rows rendered. */
export async function renderStoredMarkdown(db: Db, { batchSize = BACKFILL_BATCH_SIZE, shouldStop = () => false }: BackfillOptions = {}): Promise<number> {
  let rendered = 0;
  for (const table of ["posts", "profile_comments", "topics"] as const) {
    let after = 0;
    for (let batch; !shouldStop() && (batch = await renderBatch(db, table, after, batchSize)); after = batch.last) rendered += batch.count;
  }
  return rendered;
}

/** At start, in the background: renders what is left (nothing, once done: one probe of an empty index per table). */
export function startMarkdownBackfill(db: Db, logger: Logger) {
  let closed = false;
  const running = renderStoredMarkdown(db, { shouldStop: () => closed })
    .then((rows) => {
      if (rows > 0) logger.info({ rows }, "Markdown backfill finished");
    })
    .catch((error: Error) => logger.warn({ error: error.message }, "Markdown backfill stopped; it resumes at the next start"));
  return {
    async close() {
      closed = true;
      await running;
    },
  };
}
