import { and, asc, desc, eq, gt, like, sql } from "drizzle-orm";
import { TAG_PATTERN, TAG_SUGGESTIONS_LIMIT } from "@shared/constants";
import type { Db } from "../db/client";
import { categories, tags, topics } from "../db/schema";
import type { ReadableScope } from "../policies/category-access";
import { readableCategory, scopeValues } from "./category-access";
import type { CategoryRow, TagRow } from "../presenters/category";

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  position: categories.position,
  topicsCount: categories.topicsCount,
  readGroups: categories.readGroups,
  writeGroups: categories.writeGroups,
};

/** Every category, first position first (a few dozen rows at most). */
export function listCategories(db: Pick<Db, "select">): Promise<CategoryRow[]> {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function findCategory(db: Pick<Db, "select">, id: number): Promise<CategoryRow | undefined> {
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  return row;
}

/**
 * Tags carried by at least one topic, most used first (then by name), at most 50; with `q`, only
 * those starting with it (lowercased). A `q` no tag could start with answers nothing without a query.
 */
export async function listTags(db: Db, q: string | undefined, scope: ReadableScope): Promise<TagRow[]> {
  const prefix = q?.trim().toLowerCase() ?? "";
  // Every tag matches TAG_PATTERN, so a prefix of one is itself a tag's shape, or empty.
  if (prefix !== "" && !TAG_PATTERN.test(prefix)) return [];
  // Only a-z, 0-9 and `-` get here: nothing in the prefix is a LIKE wildcard.
  const byPrefix = prefix ? like(tags.name, `${prefix}%`) : undefined;
  if (scope.everything) {
    return db.select({ name: tags.name, topicsCount: tags.topicsCount }).from(tags).where(and(gt(tags.topicsCount, 0), byPrefix)).orderBy(desc(tags.topicsCount), asc(tags.name)).limit(TAG_SUGGESTIONS_LIMIT);
  }
  // The kept count less the tagged topics of the categories closed to the reader, counted from those
  // categories' topics (topics_category_list_order_idx): closed categories hold few topics, so this costs
  // what they hold, not what every tag holds (2.6 ms instead of 197 ms for 500 tags over 100,000 topics;
  // docs/performance.md "Forum reads").
  const closedToReader = sql`SELECT closed.id FROM ${categories} closed WHERE NOT ${readableCategory(sql`closed.id`, scopeValues(scope))}`;
  const { rows } = await db.execute<{ name: string; topicsCount: number }>(sql`
    WITH hidden AS (
      SELECT hidden_tag AS name, count(*)::int AS hidden_count FROM ${topics}, unnest(${topics.tags}) AS hidden_tag
      WHERE ${topics.categoryId} IN (${closedToReader}) GROUP BY hidden_tag)
    SELECT ${tags.name} AS name, (${tags.topicsCount} - coalesce(hidden.hidden_count, 0))::int AS "topicsCount"
    FROM ${tags} LEFT JOIN hidden ON hidden.name = ${tags.name}
    WHERE ${and(gt(tags.topicsCount, 0), byPrefix)} AND ${tags.topicsCount} - coalesce(hidden.hidden_count, 0) > 0
    ORDER BY 2 DESC, 1 ASC LIMIT ${TAG_SUGGESTIONS_LIMIT}`);
  return rows;
}

