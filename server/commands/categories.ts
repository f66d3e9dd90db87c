import { and, asc, count, eq, gt, gte, inArray, like, lt, lte, ne, or, sql } from "drizzle-orm";
import { categorySlugBase } from "@shared/category-slug";
import type { CreateCategoryData, UpdateCategoryData } from "@shared/schemas/categories";
import type { Db } from "../db/client";
import { categories, topics } from "../db/schema";
import { badRequest, conflict, notFound } from "../errors";
import type { CategoryRow } from "../presenters/category";
import { categoryColumns } from "../queries/categories";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { refuseUnknownGroups } from "./groups";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const CATEGORY_NOT_FOUND = "Category not found";
const NAME_TAKEN = "A category with that name already exists";

// Category writes take turns on this lock: names, slugs and positions are decided from the rows as
// they are, and a concurrent insert would not wait for row locks.
const CATEGORIES_LOCK_KEY = 7_314_027;

const lockCategories = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(${CATEGORIES_LOCK_KEY})`);

/**
 * Every category row locked, in id order: the order every topic write takes its categories in
 * (holdTopicCategories), so a reorder or a delete and the topic writes queue rather than deadlock.
 * A topic being put in a category waits, and sees it gone after a delete.
 */
async function lockEveryCategory(tx: Tx, id: number) {
  const rows = await tx.select(categoryColumns).from(categories).orderBy(asc(categories.id)).for("update");
  const row = rows.find((candidate) => candidate.id === id);
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

/**
 * Names are unique case-insensitively in every alphabet ("Über" and "über" too): compared here, in
 * JavaScript, because the database's lower() changes only ASCII letters in the C locale the
 * embedded cluster runs in. The few categories are read whole, under the categories lock.
 */
async function refuseTakenName(tx: Tx, name: string, exceptId?: number) {
  const rows = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(exceptId === undefined ? undefined : ne(categories.id, exceptId));
  const wanted = name.toLowerCase();
  if (rows.some((row) => row.name.toLowerCase() === wanted)) throw conflict(NAME_TAKEN);
}

/** The name's slug, or with `-2`, `-3`, … the first one no other category has. */
async function freeSlug(tx: Tx, name: string, exceptId?: number): Promise<string> {
  const base = categorySlugBase(name);
  // The base holds only a-z, 0-9 and `-`: no LIKE wildcard in it.
  const rows = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(or(eq(categories.slug, base), like(categories.slug, `${base}-%`)), exceptId === undefined ? undefined : ne(categories.id, exceptId)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix++;
  return `${base}-${suffix}`;
}

const categoryCount = async (tx: Tx) => (await tx.select({ n: count() }).from(categories))[0]!.n;

/** A new category, placed last. */
export function createCategory(db: Db, input: CreateCategoryData): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    await refuseTakenName(tx, input.name);
    await refuseUnknownGroups(tx, [...(input.readGroups ?? []), ...(input.writeGroups ?? [])]);
    const [row] = await tx
      .insert(categories)
      .values({
        name: input.name,
        slug: await freeSlug(tx, input.name),
        description: input.description ?? null,
        color: input.color,
        position: (await categoryCount(tx)) + 1,
        readGroups: input.readGroups ?? [],
        writeGroups: input.writeGroups ?? [],
      })
      .returning(categoryColumns);
    return row!;
  });
}

/**
 * Renames (a new slug from the new name), describes, colours or moves a category. Moving it to
 * `position` shifts each category between its old and new place one step toward the old place, so
 * positions stay 1…n; a position past the last puts it last.
 */
export function updateCategory(db: Db, id: number, change: UpdateCategoryData): Promise<CategoryRow> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    const current = await lockEveryCategory(tx, id);
    const set: Partial<typeof categories.$inferInsert> = {};
    if (change.name !== undefined) {
      await refuseTakenName(tx, change.name, id);
      set.name = change.name;
      set.slug = await freeSlug(tx, change.name, id);
    }
    if (change.description !== undefined) set.description = change.description;
    if (change.color !== undefined) set.color = change.color;
    if (change.position !== undefined) {
      const target = Math.min(change.position, await categoryCount(tx));
      const from = current.position;
      if (target < from) {
        await tx.update(categories).set({ position: sql`${categories.position} + 1` }).where(and(gte(categories.position, target), lt(categories.position, from)));
      } else if (target > from) {
        await tx.update(categories).set({ position: sql`${categories.position} - 1` }).where(and(gt(categories.position, from), lte(categories.position, target)));
      }
      set.position = target;
    }
    if (change.readGroups !== undefined || change.writeGroups !== undefined) {
      await refuseUnknownGroups(tx, [...(change.readGroups ?? []), ...(change.writeGroups ?? [])]);
      if (change.readGroups !== undefined) set.readGroups = change.readGroups;
      if (change.writeGroups !== undefined) set.writeGroups = change.writeGroups;
      // Who reads what changed: every kept page and list is made again (docs/decisions/063).
      await forumChanged(tx, [forumTags.everything]);
    }
    const [row] = await tx.update(categories).set(set).where(eq(categories.id, id)).returning(categoryColumns);
    return row!;
  });
}

/**
 * Moves every topic of the category to `moveTo`, then deletes it and closes the gap in the positions.
 * Locks in the topic writes' own order, topic then categories: its topics first (an edit moving one
 * out finishes first, and that topic is no longer moved here), then every category, so a topic
 * being put in it meanwhile is either committed first (and moved with the rest) or waits and then
 * finds it gone (400).
 */
export function deleteCategory(db: Db, id: number, moveTo: number): Promise<{ movedTopics: number }> {
  return db.transaction(async (tx) => {
    await lockCategories(tx);
    await tx.select({ id: topics.id }).from(topics).where(eq(topics.categoryId, id)).orderBy(asc(topics.id)).for("update");
    const doomed = await lockEveryCategory(tx, id);
    if (moveTo === id) throw badRequest("Topics cannot move to the category being deleted");
    const [target] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, moveTo));
    if (!target) throw badRequest("The category to move the topics to does not exist");
    const moved = await tx.update(topics).set({ categoryId: moveTo }).where(eq(topics.categoryId, id)).returning({ id: topics.id });
    await tx.delete(categories).where(eq(categories.id, id));
    await tx.update(categories).set({ position: sql`${categories.position} - 1` }).where(gt(categories.position, doomed.position));
    await forumChanged(tx, [forumTags.lists]);
    return { movedTopics: moved.length };
  });
}

/**
 * The categories a topic write puts a topic in or takes it out of, locked in id order (as a reorder
 * or a delete takes them) with the lock its counter update needs anyway; 400 when `categoryId` (the
 * one it goes to) is not a category.
 */
export async function holdTopicCategories(tx: Tx, categoryId: number, leaving?: number): Promise<void> {
  const ids = leaving === undefined || leaving === categoryId ? [categoryId] : [categoryId, leaving];
  const rows = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)).orderBy(asc(categories.id)).for("no key update");
  if (!rows.some((row) => row.id === categoryId)) throw badRequest("Category not found");
}
