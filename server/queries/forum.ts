import { and, asc, desc, eq, getTableColumns, gt, lt, lte, sql, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AROUND_POSTS_AFTER, AROUND_POSTS_BEFORE } from "@shared/constants";
import type { Db } from "../db/client";
import { PAST_EVERY_ID, preparedPageQuery, preparedQuery, sqlInteger } from "../db/prepared";
import { posts, topicReads, topics, users } from "../db/schema";
import { UNREAD_COUNT_CAP } from "@shared/constants";
import type { PostRow } from "../presenters/post";
import type { TopicDetailRow, TopicRow } from "../presenters/topic";
import { liveMember } from "./live-member";

/**
 * The forum's reads, each one indexed query with the author joined in (no query per row). The list
 * queries return Drizzle builders (awaitable), so the benchmark can EXPLAIN exactly what the API runs.
 */

const activity = sql`coalesce(${topics.lastPostAt}, ${topics.createdAt})`;

// A deleted member's topics and posts are gone for readers at once, while a job removes them in
// batches (docs/decisions/021): each read joins the author only if live, and a topic's posts are
// read only while its starter is (a check of the one topic, made once per statement).
const liveAuthorOf = (column: typeof topics.createdBy | typeof posts.authorId) => and(eq(users.id, column), liveMember);
const startedByLiveMember = (topicId: Placeholder | number) =>
  sql`EXISTS (SELECT 1 FROM ${topics} started JOIN ${users} starter ON starter.id = started.created_by WHERE started.id = ${topicId} AND starter.deleted_at IS NULL)`;

const topicsWithAuthor = (db: Db) =>
  db
    .select({ ...getTableColumns(topics), authorUsername: users.username, authorAvatar: users.avatar })
    .from(topics)
    .innerJoin(users, liveAuthorOf(topics.createdBy));

export async function findTopic(db: Db, id: number): Promise<TopicRow | undefined> {
  const [row] = await topicsWithAuthor(db).where(eq(topics.id, id));
  return row;
}

/** The topic with the member's read position (null: never opened). */
export async function findTopicForMember(db: Db, id: number, memberId: number): Promise<TopicDetailRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(topics), authorUsername: users.username, authorAvatar: users.avatar, lastReadPostId: topicReads.lastReadPostId })
    .from(topics)
    .innerJoin(users, liveAuthorOf(topics.createdBy))
    .leftJoin(topicReads, and(eq(topicReads.topicId, topics.id), eq(topicReads.userId, memberId)))
    .where(eq(topics.id, id));
  return row;
}

/** The member a list is read for: their unread state needs their id and when they joined. */
export interface Reader {
  id: number;
  createdAt: Date;
}

/**
 * Pinned first, then latest activity, newest first: the order of the topics_list_order_idx index.
 * `after` continues below a topic already shown (keyset), so any page costs the same. The reader's
 * unread state comes in the same query: their read position by primary key, and the unread posts
 * counted on the (topic_id, id) index, stopping at UNREAD_COUNT_CAP.
 */
export function listTopics(db: Db, reader: Reader, { limit, after }: { limit: number; after?: number }): Promise<TopicListRow[]> {
  const values = { readerId: reader.id, readerJoinedAt: reader.createdAt };
  return after === undefined ? topicsFirstPage(db, limit, values) : topicsBelow(db, limit, { ...values, after });
}

function topicsPage(db: Db, size: number, below: SQL | undefined) {
  const reads = and(eq(topicReads.topicId, topics.id), eq(topicReads.userId, sql.placeholder("readerId")));
  const unreadCount = sql<number>`CASE WHEN ${topicReads.lastReadPostId} IS NULL THEN 0 ELSE (
    SELECT count(*)::int FROM (
      SELECT 1 FROM ${posts} WHERE ${posts.topicId} = ${topics.id} AND ${posts.id} > ${topicReads.lastReadPostId} LIMIT ${UNREAD_COUNT_CAP}
    ) unread) END`;
  const isNew = sql<boolean>`(${topicReads.userId} IS NULL AND ${topics.createdAt} > ${sql.placeholder("readerJoinedAt")}::timestamptz)`;
  return db
    .select({ ...getTableColumns(topics), authorUsername: users.username, authorAvatar: users.avatar, unreadCount, isNew })
    .from(topics)
    .innerJoin(users, liveAuthorOf(topics.createdBy))
    .leftJoin(topicReads, reads)
    .where(below)
    .orderBy(desc(topics.isPinned), desc(activity), desc(topics.id))
    .limit(sqlInteger(size));
}

// The page size is written into each statement (preparedPageQuery): knowing it, PostgreSQL keeps
// the statement's generic plan instead of planning every call.
const topicsFirstPage = preparedPageQuery((db: Db, size) => topicsPage(db, size, undefined).prepare(`topics_first_page_${size}`));

const topicsBelow = preparedPageQuery((db: Db, size) => {
  const position = sql`(SELECT ${topics.isPinned}, ${activity}, ${topics.id} FROM ${topics} WHERE ${topics.id} = ${sql.placeholder("after")})`;
  return topicsPage(db, size, sql`(${topics.isPinned}, ${activity}, ${topics.id}) < ${position}`).prepare(`topics_below_${size}`);
});

export type TopicListRow = Awaited<ReturnType<typeof topicsFirstPage>>[number];

// Every column but plainText, which only search reads.
const { plainText: _searchOnly, ...postColumns } = getTableColumns(posts);
const postWithAuthorColumns = { ...postColumns, authorUsername: users.username, authorAvatar: users.avatar, authorPostsCount: users.postsCount };

const postsWithAuthor = (db: Pick<Db, "select">) => db.select(postWithAuthorColumns).from(posts).innerJoin(users, liveAuthorOf(posts.authorId));

export async function findPost(db: Pick<Db, "select">, id: number): Promise<PostRow | undefined> {
  const [row] = await postsWithAuthor(db).where(eq(posts.id, id));
  return row;
}

// `id < $upTo` bounds a range that has no end (upTo is past every id): with both ends unknown,
// PostgreSQL's generic plan expects few rows and costs less than a custom one, so it keeps that plan
// (the index walk it would choose anyway) instead of planning every call.
const topicPostsAfter = preparedQuery((db) =>
  postsWithAuthor(db)
    .where(
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
  const rows = await postsWithAuthor(db)
    .where(and(eq(posts.topicId, topicId), lt(posts.id, before), startedByLiveMember(topicId)))
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
      .innerJoin(users, liveAuthorOf(posts.authorId))
      .where(and(eq(posts.topicId, topicId), lte(posts.id, around), startedByLiveMember(topicId)))
      .orderBy(desc(posts.id))
      .limit(AROUND_POSTS_BEFORE + 1),
    listTopicPosts(db, topicId, { limit: AROUND_POSTS_AFTER, after: around }),
  ]);
  // No post up to `around`: the page starts at the topic's first post.
  const firstNumber = upTo.length === 0 ? 1 : upTo[0]!.postsUpTo - upTo.length + 1;
  return { rows: [...upTo.reverse(), ...after], firstNumber };
}
