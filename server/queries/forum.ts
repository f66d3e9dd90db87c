import { and, asc, desc, eq, getTableColumns, gt, gte, lt, lte, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AROUND_POSTS_AFTER, AROUND_POSTS_BEFORE, DEFAULT_TOP_PERIOD, type TopicListFilter, type TopPeriod } from "@shared/constants";
import type { Db } from "../db/client";
import { PAST_EVERY_ID, preparedPageQuery, preparedQuery, sqlInteger } from "../db/prepared";
import { categories, posts, topicDailyPosts, topicNotificationLevels, topicReads, topics, users } from "../db/schema";
import { DEFAULT_TOPIC_NOTIFICATION_LEVEL, UNREAD_COUNT_CAP, type TopicNotificationLevel } from "@shared/constants";
import type { PostRow } from "../presenters/post";
import type { TopicDetailRow, TopicReaderState, TopicRow } from "../presenters/topic";
import { liveMember } from "./live-member";
import { authorRoleColumns } from "./author-role";
import type { ReadableScope } from "../policies/category-access";
import { openOnlyValues, readableCategory, scopeParameters, scopePlaceholders, scopeValues } from "./category-access";

/**
 * The forum's reads, each one indexed query with the author joined in (no query per row). The list
 * queries return Drizzle builders (awaitable), so the benchmark can EXPLAIN exactly what the API runs.
 */

const activity = sql`coalesce(${topics.lastPostAt}, ${topics.createdAt})`;

// A member being deleted has their topics and posts gone for readers at once, while a job removes
// them or credits them to "Deleted member" in batches (docs/decisions/021, 058): each read joins the
// author (left: null once the author is gone, the row shown as "Deleted member") and keeps the row
// unless that author is being deleted (`liveMember` on the joined row, true for a null author); a
// topic's posts are read only while its starter is not being deleted (a check of the one topic, made
// once per statement).
const authorOf = (column: typeof topics.createdBy | typeof posts.authorId) => eq(users.id, column);
const startedByLiveMember = (topicId: Placeholder | number) =>
  sql`EXISTS (SELECT 1 FROM ${topics} started LEFT JOIN ${users} starter ON starter.id = started.created_by WHERE started.id = ${topicId} AND starter.deleted_at IS NULL)`;

/** A topic with its author: a TopicRow. */
const topicColumns = { ...getTableColumns(topics), authorUsername: users.username, authorAvatar: users.avatar, ...authorRoleColumns };

const topicsWithAuthor = (db: Db, where?: SQL) =>
  db
    .select(topicColumns)
    .from(topics)
    .leftJoin(users, authorOf(topics.createdBy))
    .where(and(where, liveMember));

export async function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await topicsWithAuthor(db, eq(topics.id, id));
  return row;
}

/** The topic with the member's read position (null: never opened). */
export async function findTopicForMember(db: Db, id: number, memberId: number): Promise<TopicDetailRow | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(topics),
      authorUsername: users.username,
      authorAvatar: users.avatar,
      ...authorRoleColumns,
      lastReadPostId: topicReads.lastReadPostId,
      notificationLevel: notificationLevelOf(sql`${memberId}`),
    })
    .from(topics)
    .leftJoin(users, authorOf(topics.createdBy))
    .leftJoin(topicReads, and(eq(topicReads.topicId, topics.id), eq(topicReads.userId, memberId)))
    .where(and(eq(topics.id, id), liveMember));
  return row;
}

/** The member a list is read for: their unread state needs their id and when they joined. */
export interface Reader {
  id: number;
  createdAt: Date;
}

/** Whose unread state a list carries: placeholders in the prepared statements, values in the others. */
interface ReaderValues {
  id: SQLWrapper;
  joinedAt: SQLWrapper;
}

const readerPlaceholders: ReaderValues = { id: sql.placeholder("readerId"), joinedAt: sql.placeholder("readerJoinedAt") };

/**
 * The reader's state of each topic: their read position by primary key, the unread posts counted on
 * the (topic_id, id) index (stopping at UNREAD_COUNT_CAP), and whether the topic is new to them.
 */
function readerState(reader: ReaderValues) {
  const reads = and(eq(topicReads.topicId, topics.id), eq(topicReads.userId, reader.id));
  const unreadCount = sql<number>`CASE WHEN ${topicReads.lastReadPostId} IS NULL THEN 0 ELSE ${unreadPostsAfterReadPosition} END`;
  const isNew = sql<boolean>`(${topicReads.userId} IS NULL AND ${topics.createdAt} > ${reader.joinedAt}::timestamptz)`;
  // unreadCount > 0, without counting.
  const hasUnread = sql`(${topicReads.lastReadPostId} IS NOT NULL AND EXISTS (
    SELECT 1 FROM ${posts} WHERE ${posts.topicId} = ${topicReads.topicId} AND ${posts.id} > ${topicReads.lastReadPostId}))`;
  return { reads, unreadCount, isNew, hasUnread, notificationLevel: notificationLevelOf(reader.id) };
}

/** The posts of a topic_reads row's topic after its read position, counted on the (topic_id, id) index up to UNREAD_COUNT_CAP. */
const unreadPostsAfterReadPosition = sql<number>`(SELECT count(*)::int FROM (
  SELECT 1 FROM ${posts} WHERE ${posts.topicId} = ${topicReads.topicId} AND ${posts.id} > ${topicReads.lastReadPostId} LIMIT ${UNREAD_COUNT_CAP}
) unread)`;

/** The reader's notification level of the topic, by primary key (no row: the default). */
const notificationLevelOf = (readerId: SQLWrapper) =>
  sql<TopicNotificationLevel>`coalesce((SELECT ${topicNotificationLevels.level} FROM ${topicNotificationLevels}
    WHERE ${topicNotificationLevels.topicId} = ${topics.id} AND ${topicNotificationLevels.userId} = ${readerId}), ${DEFAULT_TOPIC_NOTIFICATION_LEVEL})`;

const listColumns = ({ unreadCount, isNew, notificationLevel }: Pick<ReturnType<typeof readerState>, "unreadCount" | "isNew" | "notificationLevel">) => ({
  ...topicColumns,
  unreadCount,
  isNew,
  notificationLevel,
});

const latestOrder = [desc(topics.isPinned), desc(activity), desc(topics.id)];
/** Below the topic `after` in the latest order (keyset): every page costs the same. */
const belowInLatest = (after: SQLWrapper) =>
  sql`(${topics.isPinned}, ${activity}, ${topics.id}) < (SELECT ${topics.isPinned}, ${activity}, ${topics.id} FROM ${topics} WHERE ${topics.id} = ${after})`;

/**
 * Pinned first, then latest activity, newest first: the order of the topics_list_order_idx index.
 * `after` continues below a topic already shown (keyset), so any page costs the same. The reader's
 * unread state comes in the same query.
 */
function topicsPage(db: Db, size: number, below: SQL | undefined) {
  const state = readerState(readerPlaceholders);
  return db
    .select(listColumns(state))
    .from(topics)
    .leftJoin(users, authorOf(topics.createdBy))
    .leftJoin(topicReads, state.reads)
    .where(and(below, liveMember, readableCategory(topics.categoryId, scopePlaceholders)))
    .orderBy(...latestOrder)
    .limit(sqlInteger(size));
}

// The page size is written into each statement (preparedPageQuery): knowing it, PostgreSQL keeps
// the statement's generic plan instead of planning every call. Only the plain list (latest, no
// category or tag) is prepared: each filtered list is its own statement text, never one of these.
const topicsFirstPage = preparedPageQuery((db: Db, size) => topicsPage(db, size, undefined).prepare(`topics_first_page_${size}`));

const topicsBelow = preparedPageQuery((db: Db, size) =>
  topicsPage(db, size, belowInLatest(sql.placeholder("after"))).prepare(`topics_below_${size}`),
);

// The plain list's first page as every member in no group sees it (the open categories alone), and
// each reader's state of its topics apart: the first is kept in the process (docs/decisions/037,
// 063), the second read per request.
const latestFirstPage = preparedPageQuery((db: Db, size) =>
  topicsWithAuthor(db, readableCategory(topics.categoryId, openOnlyValues)).orderBy(...latestOrder).limit(sqlInteger(size)).prepare(`topics_latest_first_page_${size}`),
);

/** The first `limit` topics of the plain list (latest, no category or tag) in the open categories, without any reader's state. */
export function listLatestTopics(db: Db, limit: number): Promise<TopicRow[]> {
  return latestFirstPage(db, limit, {});
}

// The reader's marks on the listed topics: a read position (with the posts after it counted) or a
// notification level, one row each. Most members have few marks among any 50 topics, so this reads
// their rows by primary key rather than every topic's; a topic without a mark is in its default state.
const readerMarksOfTopics = preparedQuery((db: Db) => {
  const readerId = sql.placeholder("readerId");
  const ids = sql.placeholder("ids");
  return db
    .select({
      topicId: topicReads.topicId,
      unreadCount: sql<number | null>`CASE WHEN ${topicReads.lastReadPostId} IS NULL THEN 0 ELSE ${unreadPostsAfterReadPosition} END`,
      notificationLevel: sql<TopicNotificationLevel | null>`NULL::text`,
    })
    .from(topicReads)
    .where(and(eq(topicReads.userId, readerId), sql`${topicReads.topicId} = ANY(${ids}::int[])`))
    .unionAll(
      db
        .select({ topicId: topicNotificationLevels.topicId, unreadCount: sql<number | null>`NULL::int`, notificationLevel: sql<TopicNotificationLevel | null>`${topicNotificationLevels.level}::text` })
        .from(topicNotificationLevels)
        .where(and(eq(topicNotificationLevels.userId, readerId), sql`${topicNotificationLevels.topicId} = ANY(${ids}::int[])`)),
    )
    .prepare("topics_reader_marks");
});

/**
 * The reader's unreadCount, isNew and notificationLevel of each topic, in order, as listTopics
 * computes them: a topic they never opened is new when it was started after they joined (compared
 * in milliseconds, the Date's precision).
 */
export async function findReaderStates(db: Db, reader: Reader, topicRows: readonly Pick<TopicRow, "id" | "createdAt">[]): Promise<TopicReaderState[]> {
  const marks = await readerMarksOfTopics(db).execute({ ids: topicRows.map((row) => row.id), readerId: reader.id });
  const unreadCounts = new Map<number, number>();
  const levels = new Map<number, TopicNotificationLevel>();
  for (const mark of marks) {
    if (mark.notificationLevel !== null) levels.set(mark.topicId, mark.notificationLevel);
    else unreadCounts.set(mark.topicId, mark.unreadCount ?? 0);
  }
  return topicRows.map((row) => ({
    unreadCount: unreadCounts.get(row.id) ?? 0,
    isNew: !unreadCounts.has(row.id) && row.createdAt.getTime() > reader.createdAt.getTime(),
    notificationLevel: levels.get(row.id) ?? DEFAULT_TOPIC_NOTIFICATION_LEVEL,
  }));
}

/** GET /api/topics's narrowing, order and page (shared/schemas/topics.ts). */
export interface TopicListQuery {
  limit: number;
  after?: number;
  category?: string;
  tag?: string;
  /** Default latest. */
  filter?: TopicListFilter;
  /** Top's period, default month. */
  period?: TopPeriod;
}

/** How far back a period of Top reaches; `all` counts every post, which is the topic's postsCount. */
const PERIOD_LENGTH: Record<Exclude<TopPeriod, "all">, SQL> = {
  day: sql`interval '1 day'`,
  week: sql`interval '7 days'`,
  month: sql`interval '1 month'`,
  year: sql`interval '1 year'`,
};
const periodStart = (period: Exclude<TopPeriod, "all">) => sql`now() - ${PERIOD_LENGTH[period]}`;

/**
 * The forum list (docs/forum-lists.md). `latest`: pinned first, then latest activity; `new` and
 * `unread`: the topics with isNew / unreadCount > 0, in the latest order; `top`: most posts created in
 * the period, the newer topic first on a tie, no pinning. A category (slug) or tag narrows any of
 * them; one that names nothing gives an empty list. `after` continues below that topic in the
 * list's order, as the topic stands now.
 */
export function listTopics(db: Db, reader: Reader, query: TopicListQuery, scope: ReadableScope): Promise<TopicListRow[]> {
  const { limit, after, filter = "latest", period = DEFAULT_TOP_PERIOD } = query;
  const category = query.category?.trim().toLowerCase();
  const tag = query.tag?.trim().toLowerCase();
  // Only the categories the reader may read (docs/decisions/063).
  const readable = scopeParameters(scope);
  if (filter === "latest" && category === undefined && tag === undefined) {
    const values = { readerId: reader.id, readerJoinedAt: reader.createdAt, ...readable };
    return after === undefined ? topicsFirstPage(db, limit, values) : topicsBelow(db, limit, { ...values, after });
  }
  if (filter !== "top" || period === "all") {
    const shape: ListShape = { filter, category: category !== undefined, tag: tag !== undefined, after: after !== undefined };
    return filteredListPage(shape)(db, limit, { readerId: reader.id, readerJoinedAt: reader.createdAt, category, tag, after, ...readable });
  }
  const state = readerState({ id: sql`${reader.id}`, joinedAt: sql`${reader.createdAt}` });
  const narrowed = and(
    narrowedBy(category === undefined ? undefined : sql`${category}`, tag === undefined ? undefined : sql`${tag}`, undefined),
    readableCategory(topics.categoryId, scopeValues(scope)),
  );
  return topTopics(db, { columns: listColumns(state), reads: state.reads, narrowed, period, after, limit });
}

/** A list's columns read for no reader: the reader's own come apart (findReaderStates). */
const noReaderColumns = listColumns({
  unreadCount: sql<number>`0`,
  isNew: sql<boolean>`false`,
  notificationLevel: sql<TopicNotificationLevel>`${DEFAULT_TOPIC_NOTIFICATION_LEVEL}`,
});

/**
 * Top over a period's first `limit` topics (no category or tag) as every member sees them, without
 * any reader's state (docs/decisions/051), and when that ranking changes by time alone: when the
 * oldest post in the period leaves it (null: no post in it). Read in that order, the time is never
 * late: a post counted by the ranking's statement was in the period when the first statement ran.
 */
export async function listTopTopics(db: Db, period: Exclude<TopPeriod, "all">, limit: number): Promise<{ rows: TopicRow[]; changesAt: Date | null }> {
  const [oldest] = await db
    .select({ leavesAt: sql<Date | null>`min(${posts.createdAt}) + ${PERIOD_LENGTH[period]}`.mapWith(posts.createdAt) })
    .from(posts)
    .where(gte(posts.createdAt, periodStart(period)));
  // Kept for the members in no group: the open categories alone (docs/decisions/063).
  const rows = await topTopics(db, { columns: noReaderColumns, narrowed: readableCategory(topics.categoryId, openOnlyValues), period, limit });
  return { rows, changesAt: oldest?.leavesAt ?? null };
}

/** A category (by slug), a tag and new or unread (the reader's state), each when given. */
function narrowedBy(category: SQLWrapper | undefined, tag: SQLWrapper | undefined, readerFilter: SQL | undefined) {
  return and(
    category === undefined ? undefined : sql`${topics.categoryId} = (SELECT ${categories.id} FROM ${categories} WHERE ${categories.slug} = ${category})`,
    tag === undefined ? undefined : sql`${topics.tags} @> ARRAY[${tag}]::varchar[]`,
    readerFilter,
  );
}

/** What a filtered list's statement depends on: its filter (Top only over all time), and which of category, tag and `after` it has. */
interface ListShape {
  filter: TopicListFilter;
  category: boolean;
  tag: boolean;
  after: boolean;
}

const filteredListPages = new Map<string, ReturnType<typeof preparedPageQuery<TopicListRow>>>();

/**
 * The filtered lists (but Top over a period, two statements whose second depends on the first) as
 * prepared statements, one per shape and page size: building a list's SQL with Drizzle and having
 * PostgreSQL plan it cost more than the list itself when it is short (docs/performance.md). The
 * values (reader, category slug, tag, `after`) are parameters.
 */
function filteredListPage(shape: ListShape) {
  const name = `topics_${shape.filter}_${shape.category ? "c" : ""}${shape.tag ? "t" : ""}${shape.after ? "a" : ""}`;
  let page = filteredListPages.get(name);
  if (page === undefined) {
    page = preparedPageQuery((db: Db, size) => filteredListQuery(db, shape, size).prepare(`${name}_${size}`));
    filteredListPages.set(name, page);
  }
  return page;
}

function filteredListQuery(db: Db, shape: ListShape, size: number) {
  const state = readerState(readerPlaceholders);
  const after = sql.placeholder("after");
  const narrowed = narrowedBy(
    shape.category ? sql.placeholder("category") : undefined,
    shape.tag ? sql.placeholder("tag") : undefined,
    shape.filter === "new" ? state.isNew : shape.filter === "unread" ? state.hasUnread : undefined,
  );
  const [below, order] =
    shape.filter === "top"
      ? [
          sql`(${topics.postsCount}, ${topics.createdAt}, ${topics.id}) < (SELECT ${topics.postsCount}, ${topics.createdAt}, ${topics.id} FROM ${topics} WHERE ${topics.id} = ${after})`,
          [desc(topics.postsCount), desc(topics.createdAt), desc(topics.id)],
        ]
      : [belowInLatest(after), latestOrder];
  return db
    .select(listColumns(state))
    .from(topics)
    .leftJoin(users, authorOf(topics.createdBy))
    .leftJoin(topicReads, state.reads)
    .where(and(narrowed, shape.after ? below : undefined, liveMember, readableCategory(topics.categoryId, scopePlaceholders)))
    .orderBy(...order)
    .limit(sqlInteger(size));
}

async function topTopics(
  db: Db,
  { columns, reads, narrowed, period, after, limit }: {
    columns: ReturnType<typeof listColumns>;
    /** How the reader's read positions join, for their state among `columns`; none: no reader. */
    reads?: SQL;
    narrowed: SQL | undefined;
    period: Exclude<TopPeriod, "all">;
    after?: number;
    limit: number;
  },
): Promise<TopicListRow[]> {
  const start = periodStart(period);
  const counts = periodPostCounts(db, start).as("period_counts");
  // Where `after` stands now: its posts in the period, its age and id.
  const position = after === undefined ? undefined : positionInPeriod(db, start, after);
  // Topics with posts in the period, ranked and cut to the page before anything else is joined: a
  // period touches a small part of the topics, and the page only `limit` of them.
  const counted = db
    .select({ id: topics.id, periodPosts: sql<number>`${counts.posts}`.as("ranked_posts") })
    .from(counts)
    .innerJoin(topics, eq(topics.id, counts.topicId))
    .leftJoin(users, authorOf(topics.createdBy))
    .where(and(narrowed, position === undefined ? undefined : sql`(${counts.posts}, ${topics.createdAt}, ${topics.id}) < ${position}`, liveMember))
    .orderBy(desc(counts.posts), desc(topics.createdAt), desc(topics.id))
    .limit(limit)
    .as("ranked");
  const ranked = db
    .select(columns)
    .from(counted)
    .innerJoin(topics, eq(topics.id, counted.id))
    .leftJoin(users, authorOf(topics.createdBy))
    .orderBy(desc(counted.periodPosts), desc(topics.createdAt), desc(topics.id))
    .$dynamic();
  if (reads) ranked.leftJoin(topicReads, reads);
  const rows = await ranked;
  if (rows.length === limit) return rows;
  // Then the topics without a post in the period, newest first (on topics_created_at_idx): a topic's
  // lastPostAt is its newest post's time (posts are stamped in order under the topic's lock).
  const quiet = db
    .select(columns)
    .from(topics)
    .leftJoin(users, authorOf(topics.createdBy))
    .where(
      and(
        liveMember,
        narrowed,
        sql`(${topics.lastPostAt} IS NULL OR ${topics.lastPostAt} < ${start})`,
        position === undefined ? undefined : sql`(0, ${topics.createdAt}, ${topics.id}) < ${position}`,
      ),
    )
    .orderBy(desc(topics.createdAt), desc(topics.id))
    .limit(limit - rows.length)
    .$dynamic();
  if (reads) quiet.leftJoin(topicReads, reads);
  return [...rows, ...(await quiet)];
}

/**
 * The posts created since `start` per topic (of `topicId` alone when given): the whole UTC days after
 * `start`'s from topic_daily_posts (index only), plus `start`'s own day from `start` on, counted on
 * posts_created_at_topic_id_idx (index only): at most one day of posts, whatever the period.
 */
function periodPostCounts(db: Db, start: SQL, topicId?: number) {
  const firstDay = sql`((${start}) AT TIME ZONE 'UTC')::date`;
  const wholeDays = db
    .select({ topicId: topicDailyPosts.topicId, posts: topicDailyPosts.posts })
    .from(topicDailyPosts)
    .where(and(sql`${topicDailyPosts.day} > ${firstDay}`, topicId === undefined ? undefined : eq(topicDailyPosts.topicId, sql`${topicId}`)));
  const firstDayPosts = db
    .select({ topicId: posts.topicId, posts: sql<number>`count(*)::int`.as("posts") })
    .from(posts)
    .where(
      and(
        gte(posts.createdAt, start),
        lt(posts.createdAt, sql`(${firstDay} + 1)::timestamp AT TIME ZONE 'UTC'`),
        topicId === undefined ? undefined : eq(posts.topicId, sql`${topicId}`),
      ),
    )
    .groupBy(posts.topicId);
  const parts = wholeDays.unionAll(firstDayPosts).as("period_parts");
  return db
    .select({ topicId: parts.topicId, posts: sql<number>`sum(${parts.posts})::int`.as("period_posts") })
    .from(parts)
    .groupBy(parts.topicId);
}

/** The topic `after`'s place in Top over the period starting at `start`: (its posts in the period, createdAt, id). */
function positionInPeriod(db: Db, start: SQL, after: number): SQL {
  const counts = periodPostCounts(db, start, after).as("after_counts");
  const afterPosts = sql`(SELECT coalesce(sum(${counts.posts}), 0)::int FROM ${counts})`;
  return sql`(SELECT ${afterPosts}, ${topics.createdAt}, ${topics.id} FROM ${topics} WHERE ${topics.id} = ${after})`;
}

export type TopicListRow = Awaited<ReturnType<typeof topicsFirstPage>>[number];

// Every column but plainText, which only search reads.
const { plainText: _searchOnly, ...postColumns } = getTableColumns(posts);
export const postWithAuthorColumns = { ...postColumns, authorUsername: users.username, authorAvatar: users.avatar, ...authorRoleColumns, authorPostsCount: users.postsCount };

const postsWithAuthor = (db: Pick<Db, "select">, where: SQL | undefined) =>
  db.select(postWithAuthorColumns).from(posts).leftJoin(users, authorOf(posts.authorId)).where(and(where, liveMember));

export async function findPost(db: Pick<Db, "select">, id: number): Promise<PostRow | undefined> {
  const [row] = await postsWithAuthor(db, eq(posts.id, id));
  return row;
}

// `id < $upTo` bounds a range that has no end (upTo is past every id): with both ends unknown,
// PostgreSQL's generic plan expects few rows and costs less than a custom one, so it keeps that plan
// (the index walk it would choose anyway) instead of planning every call.
const topicPostsAfter = preparedQuery((db) =>
  postsWithAuthor(
    db,
    and(
      eq(posts.topicId, sql.placeholder("topicId")),
      gt(posts.id, sql.placeholder("after")),
      lt(posts.id, sql.placeholder("upTo")),
      startedByLiveMember(sql.placeholder("topicId")),
    ),
  )
    .orderBy(asc(posts.id))
    .limit(sql.placeholder("limit"))
    .prepare("topic_posts_after"),
);

/** A topic's posts oldest first, from just after `after` (keyset on the (topic_id, id) index). */
export function listTopicPosts(db: Db, topicId: number, { limit, after = 0 }: { limit: number; after?: number }): Promise<PostRow[]> {
  return topicPostsAfter(db).execute({ topicId, after, upTo: PAST_EVERY_ID, limit });
}

/** The `limit` posts just before `before`, oldest first (the index walked backwards). */
export async function listTopicPostsBefore(db: Db, topicId: number, { limit, before }: { limit: number; before: number }) {
  const rows = await postsWithAuthor(db, and(eq(posts.topicId, topicId), lt(posts.id, before), startedByLiveMember(topicId)))
    .orderBy(desc(posts.id))
    .limit(limit);
  return rows.reverse();
}

/** The posts of an `around` page, and the topic's number (#1 onward) of the first of them. */
export interface NumberedPostsPage {
  rows: PostRow[];
  firstNumber: number;
}

const counted = alias(posts, "counted");

/**
 * How many of the topic's posts have an id up to `around`: the number of the last post at or before
 * it. Counted on the (topic_id, id) index (an index-only scan) from the end of the topic nearer to
 * `around`, judged by where it lies between the topic's first and last post ids (two index probes;
 * a wrong guess costs time, never exactness), so the usual case, a reader's first unread post near
 * the end, costs a few index pages even in a topic of 100,000 posts. From the far end it is the
 * topic's stored postsCount (kept exact in the same transactions as the posts) less the posts after
 * `around`. Both branches see the statement's one snapshot (docs/performance.md, Forum reads).
 */
function postsUpTo(db: Db, topicId: number, around: number): SQL<number> {
  const inTopic = eq(counted.topicId, topicId);
  const countWhere = (range: SQL | undefined) => db.select({ count: sql`count(*)` }).from(counted).where(and(inTopic, range));
  const postsCount = db.select({ postsCount: topics.postsCount }).from(topics).where(eq(topics.id, topicId));
  const nearerStart = sql`${around} - min(${counted.id}) <= max(${counted.id}) - ${around}`;
  const upTo = sql`CASE WHEN ${nearerStart} THEN ${countWhere(lte(counted.id, around))} ELSE ${postsCount} - ${countWhere(gt(counted.id, around))} END`;
  return sql<number>`${db.select({ upTo: sql`(${upTo})::int` }).from(counted).where(inTopic)}`;
}

/**
 * The page that holds position `around`: up to 50 posts before it, the post itself, and 49 after,
 * with the number of its first post, so the client can number a topic opened part-way. A position
 * whose post has gone (deleted, or a read position) still opens where it was. The posts up to
 * `around` and their count come from one statement (one snapshot), so the numbers match the page.
 */
export async function listTopicPostsAround(db: Db, topicId: number, around: number): Promise<NumberedPostsPage> {
  const [upTo, after] = await Promise.all([
    db
      .select({ ...postWithAuthorColumns, postsUpTo: postsUpTo(db, topicId, around) })
      .from(posts)
      .leftJoin(users, authorOf(posts.authorId))
      .where(and(eq(posts.topicId, topicId), lte(posts.id, around), startedByLiveMember(topicId), liveMember))
      .orderBy(desc(posts.id))
      .limit(AROUND_POSTS_BEFORE + 1),
    listTopicPosts(db, topicId, { limit: AROUND_POSTS_AFTER, after: around }),
  ]);
  // No post up to `around`: the page starts at the topic's first post.
  const firstNumber = upTo.length === 0 ? 1 : upTo[0]!.postsUpTo - upTo.length + 1;
  return { rows: [...upTo.reverse(), ...after], firstNumber };
}
