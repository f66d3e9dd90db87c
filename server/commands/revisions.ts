import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { renderAsAuthor } from "../markdown/render-as-author";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The text an edit replaces: a post's content, or a topic's opener (its description; "" for none). */
export interface ReplacedText {
  kind: "post" | "topic";
  /** The post's or the topic's id. */
  id: number;
  authorId: number;
  content: string;
  /** Its stored HTML; null until the backfill reached it (rendered here then). */
  html: string | null;
  /** When it was written: the creation or the edit that made it. */
  writtenAt: Date;
}

/**
 * Keeps the text as it stands as its next revision (post_revisions or topic_revisions, numbered 1
 * on), before an edit replaces it: the history of a post and of an opener is kept alike.
 */
export async function keepRevision(tx: Tx, text: ReplacedText): Promise<void> {
  const html = text.html ?? (await renderAsAuthor(tx, text.authorId, text.content)).html;
  const table = sql.identifier(`${text.kind}_revisions`);
  const key = sql.identifier(`${text.kind}_id`);
  await tx.execute(sql`
    INSERT INTO ${table} (${key}, version, content, html, edited_at)
    SELECT ${text.id}, coalesce(max(version), 0) + 1, ${text.content}, ${html}, ${text.writtenAt.toISOString()}::timestamptz
    FROM ${table} WHERE ${key} = ${text.id}`);
}
