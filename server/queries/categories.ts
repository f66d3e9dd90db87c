import { and, asc, desc, eq, gt, like } from "drizzle-orm";
import { TAG_PATTERN, TAG_SUGGESTIONS_LIMIT } from "@shared/constants";
import type { Db } from "../db/client";
import { categories, tags } from "../db/schema";
import type { CategoryRow, TagRow } from "../presenters/category";

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  color: categories.color,
  position: categories.position,
  topicsCount: categories.topicsCount,
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
export async function listTags(db: Db, q: string | undefined): Promise<TagRow[]> {
  const prefix = q?.trim().toLowerCase() ?? "";
  // Every tag matches TAG_PATTERN, so a prefix of one is itself a tag's shape, or empty.
  if (prefix !== "" && !TAG_PATTERN.test(prefix)) return [];
  return db
    .select({ name: tags.name, topicsCount: tags.topicsCount })
    .from(tags)
    // Only a-z, 0-9 and `-` get here: nothing in the prefix is a LIKE wildcard.
    .where(and(gt(tags.topicsCount, 0), prefix ? like(tags.name, `${prefix}%`) : undefined))
    .orderBy(desc(tags.topicsCount), asc(tags.name))
    .limit(TAG_SUGGESTIONS_LIMIT);
}

