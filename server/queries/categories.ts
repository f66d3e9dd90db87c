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
  // The kept count less the topics the reader may not read (closed categories hold few topics, found on their category).
  const readable = sql<number>`(${tags.topicsCount} - (SELECT count(*) FROM ${topics} WHERE ${topics.tags} @> ARRAY[${tags.name}]::varchar[]
    AND NOT ${readableCategory(topics.categoryId, scopeValues(scope))}))::int`;
  const counted = db.select({ name: tags.name, topicsCount: readable.as("readable_count") }).from(tags).where(and(gt(tags.topicsCount, 0), byPrefix)).as("counted_tags");
  return db
    .select({ name: counted.name, topicsCount: counted.topicsCount })
    .from(counted)
    .where(gt(counted.topicsCount, 0))
    .orderBy(desc(counted.topicsCount), asc(counted.name))
    .limit(TAG_SUGGESTIONS_LIMIT);
}

