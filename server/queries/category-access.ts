import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db } from "../db/client";
import { categories, posts, topics } from "../db/schema";
import type { CategoryGroups, ReadableScope } from "../policies/category-access";

/**
 * policies/category-access.ts's canReadCategory as one SQL condition, written here once and used by
 * every read of topics and posts (docs/decisions/063): the category `categoryId` names is readable by
 * the reader: they read everything (staff), or it has no read groups, or they are in one of them.
 * A topic's category always exists (a category's topics move before it is deleted).
 */
export interface ScopeValues {
  everything: SQLWrapper;
  groupIds: SQLWrapper;
}

/** The reader's scope as parameters of a statement built for each call. */
export const scopeValues = (scope: ReadableScope): ScopeValues => ({
  everything: sql`${scope.everything}::boolean`,
  groupIds: sql`${sql.param(scope.groupIds)}::int[]`,
});

/** The reader's scope as placeholders of a prepared statement, filled by `scopeParameters`. */
export const scopePlaceholders: ScopeValues = {
  everything: sql`${sql.placeholder("readsEverything")}::boolean`,
  groupIds: sql`${sql.placeholder("readerGroupIds")}::int[]`,
};

/** The values of `scopePlaceholders`. */
export const scopeParameters = (scope: ReadableScope) => ({ readsEverything: scope.everything, readerGroupIds: scope.groupIds });

/** The scope of a reader who is not staff and in no group: the open categories only (what kept pages hold). */
export const openOnlyValues: ScopeValues = { everything: sql`false`, groupIds: sql`'{}'::int[]` };

/** Whether the category `categoryId` (a column or value) is readable in `scope`. */
export function readableCategory(categoryId: SQLWrapper, scope: ScopeValues): SQL {
  return sql`(${scope.everything} OR NOT EXISTS (SELECT 1 FROM categories closed_category
    WHERE closed_category.id = ${categoryId} AND closed_category.read_groups <> '{}'::int[]
      AND NOT (closed_category.read_groups && ${scope.groupIds})))`;
}

/** Whether no category is closed to the reader: an uncorrelated condition, computed once per statement. */
export function everyCategoryReadable(scope: ScopeValues): SQL {
  return sql`(${scope.everything} OR NOT EXISTS (SELECT 1 FROM categories closed_category
    WHERE closed_category.read_groups <> '{}'::int[] AND NOT (closed_category.read_groups && ${scope.groupIds})))`;
}

/** Whether the topic `topicId` (a column or value) is in a category readable in `scope`. */
export function readableTopic(topicId: SQLWrapper, scope: ScopeValues): SQL {
  return sql`EXISTS (SELECT 1 FROM topics readable_topic WHERE readable_topic.id = ${topicId}
    AND ${readableCategory(sql`readable_topic.category_id`, scope)})`;
}

/** The read and write groups of the category a topic is in; undefined when there is no such topic. */
export async function findTopicCategoryGroups(db: Pick<Db, "select">, topicId: number): Promise<CategoryGroups | undefined> {
  const [row] = await db
    .select({ readGroups: categories.readGroups, writeGroups: categories.writeGroups })
    .from(topics)
    .innerJoin(categories, eq(categories.id, topics.categoryId))
    .where(eq(topics.id, topicId));
  return row;
}

/** The read and write groups of the category a post's topic is in; undefined when there is no such post. */
export async function findPostCategoryGroups(db: Pick<Db, "select">, postId: number): Promise<CategoryGroups | undefined> {
  const [row] = await db
    .select({ readGroups: categories.readGroups, writeGroups: categories.writeGroups })
    .from(posts)
    .innerJoin(topics, eq(topics.id, posts.topicId))
    .innerJoin(categories, eq(categories.id, topics.categoryId))
    .where(eq(posts.id, postId));
  return row;
}

/**
 * Whether the member `userId` (a column or value) may read the topic `topicId`: canReadCategory for
 * a member named in SQL (a notification's recipient, a mail's reader), their role and groups read
 * from their rows.
 */
export function memberReadsTopic(userId: SQLWrapper, topicId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM topics member_topic JOIN categories member_category ON member_category.id = member_topic.category_id
    WHERE member_topic.id = ${topicId} AND (member_category.read_groups = '{}'::int[]
      OR EXISTS (SELECT 1 FROM users member_reader WHERE member_reader.id = ${userId} AND (member_reader.is_admin OR member_reader.is_moderator))
      OR EXISTS (SELECT 1 FROM group_members member_group WHERE member_group.user_id = ${userId} AND member_group.group_id = ANY(member_category.read_groups))))`;
}

/** Which of `userIds` may read the topic (canReadCategory for members named by id). */
export async function membersWhoRead(db: Pick<Db, "execute">, topicId: number, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const result = await db.execute<{ id: number }>(sql`SELECT reader.id FROM unnest(${sql.param([...userIds])}::int[]) reader(id)
    WHERE ${memberReadsTopic(sql`reader.id`, sql`${topicId}::int`)}`);
  return new Set(result.rows.map((row) => row.id));
}

/** Which of `topicIds` the member may read. */
export async function topicsReadBy(db: Pick<Db, "execute">, userId: number, topicIds: readonly number[]): Promise<Set<number>> {
  if (topicIds.length === 0) return new Set();
  const result = await db.execute<{ id: number }>(sql`SELECT topic.id FROM unnest(${sql.param([...topicIds])}::int[]) topic(id)
    WHERE ${memberReadsTopic(sql`${userId}::int`, sql`topic.id`)}`);
  return new Set(result.rows.map((row) => row.id));
}
