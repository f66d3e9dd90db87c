import { sql, type SQL } from "drizzle-orm";
import type { ReadableScope } from "../policies/category-access";
import { everyCategoryReadable, readableCategory, readableTopic, scopeValues } from "./category-access";
import { SEARCH_PAGE_SIZE, type SearchType } from "@shared/constants";
import type { Db } from "../db/client";
import { hiddenPostIds } from "./hidden";
import { notBeingDeleted } from "./live-member";
import { HEADLINE_STAND_INS, HEADLINE_SWAPPED, MATCH_END, MATCH_START } from "../search/marked-text";

/**
 * The search reads (docs/search.md). Posts and topics: full-text search on the generated
 * `search_vector` columns (GIN indexes), `websearch_to_tsquery` syntax, best match first and newer
 * (higher id) first among equals. Members: username substring on the pg_trgm index, prefix
 * matches first. Each asks for one row more than a page, to know whether another page follows.
 */

/** Posts ranked per query: the newest this many matches (docs/search.md, "Order": among which posts). */
export const POST_CANDIDATES = 1000;

const query = (q: string) => sql`websearch_to_tsquery('english', ${q})`;

/**
 * ts_headline options: markers instead of HTML; about 35 words around the best match. ShortWord=0:
 * no word is too short to start or end the snippet (by default `a cat` shows as `cat`).
 */
const SNIPPET_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=35, MinWords=15, ShortWord=0, MaxFragments=1`;
const WHOLE_TEXT_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`;
/** Text for ts_headline: `<` and the markers swapped, one for one, for a stand-in (marked-text.ts). */
const forHeadline = (column: SQL) => sql`translate(${column}, ${HEADLINE_SWAPPED}, ${HEADLINE_STAND_INS})`;

/**
 * A post's snippet is looked for in this many characters around its first match, not in the whole
 * post: ts_headline parses all the text it is given, about 1.5 ms for a 10,000-character post,
 * and the best-ranked posts of a common word are the longest ones (docs/search.md, "Snippets").
 */
const SNIPPET_WINDOW = 2000;
/** Characters per word position of a tsvector in ordinary text (6.4 in the seeded posts), to place the window. */
const CHARS_PER_WORD = 6;

/** How far from either edge of the window to look for the space that ends (or starts) a cut word. */
const WORD_EDGE = 50;
/** Characters to skip at the window's start: the cut word and its space (none at the post's start). */
const cutWordAtStart = sql`(CASE WHEN start > 1 THEN strpos(substr(text, start, ${WORD_EDGE}), ' ') ELSE 0 END)`;
/** Characters to drop at the window's end: the space and the cut word (none at the post's end). */
const cutWordAtEnd = sql`(CASE WHEN start + ${SNIPPET_WINDOW} <= length(text)
      THEN strpos(reverse(substr(text, start + ${SNIPPET_WINDOW} - ${WORD_EDGE}, ${WORD_EDGE})), ' ') ELSE 0 END)`;

/**
 * Where the window around the post's first match starts: the match's word position comes from the
 * stored search_vector (the query's words kept: setweight marks them, ts_filter keeps the marked
 * ones) instead of parsing the text. 1 for a short post, which is its own window.
 */
function snippetWindowStart(q: string): SQL {
  const firstMatch = sql`(SELECT min(positions[1]) FROM unnest(ts_filter(setweight(p.search_vector, 'A', tsvector_to_array(to_tsvector('english', ${q}))), '{a}')))`;
  return sql`CASE WHEN length(text) <= ${SNIPPET_WINDOW} THEN 1
    ELSE greatest(1, least(length(text) - ${SNIPPET_WINDOW - 1}, ${CHARS_PER_WORD} * coalesce(${firstMatch}, 1) - ${SNIPPET_WINDOW / 2})) END`;
}

/**
 * The window's text, without the words its start and end cut in two: a partial word ends at the
 * first space of the window's first characters (it starts at the last one of its last).
 */
const snippetWindowText = sql`substr(text, start + ${cutWordAtStart}, ${SNIPPET_WINDOW} - ${cutWordAtStart} - ${cutWordAtEnd})`;

/**
 * Per page row: the post's text (its plain text, without Markdown marks; the source while the
 * backfill has not reached it), the window and the window's headline. Each step is a subquery of
 * its own (OFFSET 0 keeps the planner from inlining it), so each value is computed once: `|| ''`
 * decompresses a long post's text once, where every mention of p.content would do it again.
 */
const snippetSource = (q: string) => sql`(
      SELECT text, window_text, ts_headline('english', ${forHeadline(sql`window_text`)}, ${query(q)}, ${SNIPPET_OPTIONS}) AS marked FROM (
        SELECT text, ${snippetWindowText} AS window_text FROM (
          SELECT text, ${snippetWindowStart(q)} AS start FROM (SELECT coalesce(p.plain_text, p.content) || '' AS text OFFSET 0) c OFFSET 0
        ) s OFFSET 0
      ) w OFFSET 0
    )`;

/**
 * Whether the window's snippet shows a match of the whole query, so it is the one to show: for a
 * single word, a highlighted word says so; for more (a phrase, words far apart, an exclusion), the
 * snippet (about 35 words, its markers made spaces again) is tested like a post.
 */
const windowMatches = (q: string) =>
  sql`(CASE WHEN numnode(${query(q)}) = 1 THEN strpos(near.marked, ${MATCH_START}) > 0
    ELSE to_tsvector('english', translate(near.marked, ${MATCH_START + MATCH_END}, '  ')) @@ ${query(q)} END)`;

/** How often and how weightily (topic titles over descriptions) the query's words occur. */
const rank = (vector: SQL, q: string) => sql`ts_rank(${vector}, ${query(q)})`;

export interface PostMatchRow {
  postId: number;
  rank: number;
  topicId: number;
  topicTitle: string;
  authorUsername: string | null;
  authorAvatar: string | null;
  createdAt: Date;
  /** The text ts_headline was given (the window, or the whole post), as plain text. */
  source: string;
  marked: string;
}

export interface RankCursor {
  rank: number;
  id: number;
}

const afterRank = (cursor: RankCursor | undefined) =>
  cursor ? sql`WHERE (rank, id) < (${cursor.rank}::real, ${cursor.id}::int)` : sql``;

/**
 * Posts the GIN index is read for, at most, for a query holding an uncommon word: when it offers no
 * more, every match is among them (docs/search.md, "Order").
 */
export const INDEXED_POSTS = 5000;
/** Otherwise the newest matches are looked for among this many newest posts, read backwards. */
export const RECENT_POSTS = 10000;

/**
 * The query the GIN index answers exactly, with no heap recheck: querytree keeps the parts an index
 * can use (no exclusions), and a phrase becomes its words ANDed (the index keeps no positions).
 * Lexemes are quoted and never hold `<` (the parser's tokens cannot), so the swap touches operators only.
 */
const indexQuery = (q: string) => sql`regexp_replace(querytree(${query(q)}), '<(-|[0-9]+)>', '&', 'g')::tsquery`;

/**
 * Whether the index is asked first: the query has a part it can look up (not exclusions alone, not
 * stop words only) holding a word outside the column's most common ones (ANALYZE's statistics: in
 * the seeded posts, every word in more than 0.3% of them), so the index's posts holding it are few.
 */
const indexFirst = (q: string) => sql`querytree(${query(q)}) NOT IN ('T', '') AND EXISTS (
    SELECT FROM unnest(tsvector_to_array(to_tsvector('simple', querytree(${query(q)})))) word
    WHERE word <> ALL (coalesce((SELECT most_common_elems::text::text[] FROM pg_stats
      WHERE schemaname = current_schema() AND tablename = 'posts' AND attname = 'search_vector'), '{}')))`;

/**
 * The steps that find a query's candidate posts, the newest POST_CANDIDATES matches (the CTEs up to
 * `candidates (id, search_vector)`). Each step reads a bounded number of posts, whatever the query.
 * A query with an uncommon word asks the GIN index first, reading INDEXED_POSTS + 1 of its posts at
 * most (a word no post has: one index probe); when the index offers no more, the candidates are
 * every match among them. Otherwise (a common word, a phrase of common words, `word -word`,
 * exclusions alone, or an uncommon word the index offers too often) the newest RECENT_POSTS posts
 * are read backwards until POST_CANDIDATES match (a common word stops early). Run with sequential
 * scans off (runPostSearch): the index step must never become a scan of the table.
 */
const postCandidateSteps = (q: string) => sql`route AS (
      SELECT ${indexFirst(q)} AS index_first
    ), indexed AS MATERIALIZED (
      SELECT id, search_vector FROM posts
      WHERE (SELECT index_first FROM route) AND search_vector @@ ${indexQuery(q)}
      LIMIT ${INDEXED_POSTS + 1}
    ), scope AS (
      SELECT (SELECT index_first FROM route) AND count(*) <= ${INDEXED_POSTS} AS every_match FROM indexed
    ), recent AS (
      SELECT id, search_vector FROM (SELECT id, search_vector FROM posts ORDER BY id DESC LIMIT ${RECENT_POSTS}) newest
      WHERE NOT (SELECT every_match FROM scope) AND numnode(${query(q)}) > 0 AND search_vector @@ ${query(q)}
      LIMIT ${POST_CANDIDATES}
    ), candidates AS (
      SELECT id, search_vector FROM recent
      UNION ALL
      (SELECT id, search_vector FROM indexed
        WHERE (SELECT every_match FROM scope) AND search_vector @@ ${query(q)}
        ORDER BY id DESC
        LIMIT ${POST_CANDIDATES})
    )`;

/**
 * A found post `p` shows only while neither its author nor its topic's starter is being deleted: a
 * deleted member's posts and topics are gone at once, before their batches remove them or credit
 * them to "Deleted member" (author null, docs/decisions/021, 058).
 */
const shownPostJoins = (scope: ReadableScope) => sql`JOIN topics t ON t.id = p.topic_id AND ${notBeingDeleted(sql`p.author_id`)} AND ${notBeingDeleted(sql`t.created_by`)}
      AND ${readableCategory(sql`t.category_id`, scopeValues(scope))}
    LEFT JOIN users u ON u.id = p.author_id`;

/** A candidate `c` in a topic the reader may read (docs/decisions/063): found by nobody else. */
const readableCandidate = (scope: ReadableScope) =>
  scope.everything
    ? sql`true`
    : // Each candidate's topic is looked up only when some category is closed to the reader (the first arm, computed once).
      sql`(${everyCategoryReadable(scopeValues(scope))} OR EXISTS (SELECT 1 FROM posts rp WHERE rp.id = c.id AND ${readableTopic(sql`rp.topic_id`, scopeValues(scope))}))`;

/**
 * The candidates ranked as they are read, so no document is carried further, then a page of them.
 * The snippet is built for the page's rows only, from the window around the first match, or from
 * the whole text when the window holds no match (a misplaced window, or a phrase found further on).
 */
export function searchPostsSql(q: string, scope: ReadableScope, cursor?: RankCursor): SQL {
  return sql`
    WITH ${postCandidateSteps(q)}, ranked AS (
      -- A post hidden by flags is found by nobody (hidden text reaches no search).
      SELECT c.id, ${rank(sql`c.search_vector`, q)} AS rank FROM candidates c
      WHERE c.id NOT IN (${hiddenPostIds}) AND ${readableCandidate(scope)}
    ), page AS (
      SELECT id, rank FROM ranked ${afterRank(cursor)}
      ORDER BY rank DESC, id DESC
      LIMIT ${SEARCH_PAGE_SIZE + 1}
    )
    SELECT page.id AS "postId", page.rank, p.topic_id AS "topicId", t.title AS "topicTitle",
      u.username AS "authorUsername", u.avatar AS "authorAvatar", p.created_at AS "createdAt",
      CASE WHEN fits.in_window THEN near.window_text ELSE near.text END AS source,
      CASE WHEN fits.in_window THEN near.marked
        ELSE ts_headline('english', ${forHeadline(sql`near.text`)}, ${query(q)}, ${SNIPPET_OPTIONS}) END AS marked
    FROM page
    JOIN posts p ON p.id = page.id
    ${shownPostJoins(scope)}
    CROSS JOIN LATERAL ${snippetSource(q)} near
    CROSS JOIN LATERAL (SELECT length(near.text) <= ${SNIPPET_WINDOW} OR ${windowMatches(q)} AS in_window OFFSET 0) fits
    ORDER BY page.rank DESC, page.id DESC`;
}

/**
 * How many posts the search finds, up to `limit`: the candidates that show, neither ranked nor
 * given a snippet. Each candidate is looked up on its own (a lateral subquery the planner cannot
 * turn into a join that sorts every candidate first), so the reads stop at the limit's match
 * (docs/search.md, "Counts").
 */
export function countPostsSql(q: string, scope: ReadableScope, limit: number): SQL {
  return sql`
    WITH ${postCandidateSteps(q)}
    SELECT count(*)::int AS count FROM (
      SELECT FROM candidates c
      CROSS JOIN LATERAL (SELECT FROM posts p ${shownPostJoins(scope)} WHERE p.id = c.id OFFSET 0) shown
      WHERE c.id NOT IN (${hiddenPostIds})
      LIMIT ${limit}
    ) found`;
}

/**
 * Runs a statement of searchPostsSql as the search does: with sequential scans off for its
 * transaction, so the planner can answer the index step only with the GIN index, never by reading
 * the table (a misjudged query, such as `word -word`, would otherwise be answered by a walk of every post).
 */
export function runPostSearch<Row extends Record<string, unknown>>(db: Db, statement: SQL) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return tx.execute<Row>(statement);
  });
}

export async function searchPosts(db: Db, q: string, scope: ReadableScope, cursor?: RankCursor): Promise<PostMatchRow[]> {
  const result = await runPostSearch<PostMatchRow & Record<string, unknown>>(db, searchPostsSql(q, scope, cursor));
  return result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
}

export interface TopicMatchRow {
  topicId: number;
  rank: number;
  title: string;
  markedTitle: string;
  description: string | null;
  descriptionText: string | null;
  hidden: boolean;
  authorUsername: string | null;
  postsCount: number;
  lastPostAt: Date | null;
}

/** Title and description (title weighted higher); the title comes back with every match marked, the opener as plain text. */
export function searchTopicsSql(q: string, scope: ReadableScope, cursor?: RankCursor): SQL {
  return sql`
    WITH page AS (
      SELECT id, rank FROM (
        SELECT id, ${rank(sql`search_vector`, q)} AS rank FROM topics WHERE search_vector @@ ${query(q)}
          -- A topic whose opener is hidden by flags is found by its title alone.
          AND (hidden_at IS NULL OR to_tsvector('english', title) @@ ${query(q)})
          AND ${readableCategory(sql`topics.category_id`, scopeValues(scope))}
      ) ranked ${afterRank(cursor)}
      ORDER BY rank DESC, id DESC
      LIMIT ${SEARCH_PAGE_SIZE + 1}
    )
    SELECT page.id AS "topicId", page.rank, t.title,
      ts_headline('english', ${forHeadline(sql`t.title`)}, ${query(q)}, ${WHOLE_TEXT_OPTIONS}) AS "markedTitle",
      t.description, t.description_text AS "descriptionText", t.hidden_at IS NOT NULL AS hidden, u.username AS "authorUsername", t.posts_count AS "postsCount", t.last_post_at AS "lastPostAt"
    FROM page
    JOIN topics t ON t.id = page.id AND ${notBeingDeleted(sql`t.created_by`)}
    LEFT JOIN users u ON u.id = t.created_by
    ORDER BY page.rank DESC, page.id DESC`;
}

export async function searchTopics(db: Db, q: string, scope: ReadableScope, cursor?: RankCursor): Promise<TopicMatchRow[]> {
  const result = await db.execute<TopicMatchRow & Record<string, unknown>>(searchTopicsSql(q, scope, cursor));
  return result.rows.map((row) => ({ ...row, lastPostAt: row.lastPostAt === null ? null : new Date(row.lastPostAt) }));
}

export interface MemberMatchRow {
  id: number;
  username: string;
  avatar: string | null;
  isAdmin: boolean;
  isModerator: boolean;
  postsCount: number;
  /** 0 for a prefix match, 1 otherwise: the first sort key. */
  position: number;
  lowerUsername: string;
}

export interface MemberCursor {
  position: number;
  lowerUsername: string;
}

/** `%`, `_` and `\` in the search text are literal characters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Usernames containing `q`, prefix matches first, each part alphabetical. Two parts in order (UNION
 * ALL of two pages, each at most a page long): prefixes on the lower(username) b-tree range, then
 * the other matches, where the planner either takes the pg_trgm index (rare
 * substrings) or walks the b-tree in order, filtering (common ones, such as two letters).
 */
export function searchMembersSql(q: string, cursor?: MemberCursor): SQL {
  const literal = escapeLike(q.toLowerCase());
  const prefix = `${literal}%`;
  const columns = sql`id, username, avatar, is_admin AS "isAdmin", is_moderator AS "isModerator", posts_count AS "postsCount", lower(username) AS "lowerUsername"`;
  const after = (position: number) =>
    cursor?.position === position ? sql`AND lower(username) > ${cursor.lowerUsername}` : sql``;
  const limit = SEARCH_PAGE_SIZE + 1;
  const prefixes = sql`(SELECT ${columns}, 0 AS position FROM users
      WHERE lower(username) LIKE ${prefix} AND deleted_at IS NULL ${after(0)}
      ORDER BY lower(username) LIMIT ${limit})`;
  const others = sql`(SELECT ${columns}, 1 AS position FROM users
      WHERE username ILIKE ${`%${literal}%`} AND lower(username) NOT LIKE ${prefix} AND deleted_at IS NULL ${after(1)}
      ORDER BY lower(username) LIMIT ${limit})`;
  return cursor?.position === 1 ? others : sql`${prefixes} UNION ALL ${others} ORDER BY position, "lowerUsername" LIMIT ${limit}`;
}

export async function searchMembers(db: Db, q: string, cursor?: MemberCursor): Promise<MemberMatchRow[]> {
  return (await db.execute<MemberMatchRow & Record<string, unknown>>(searchMembersSql(q, cursor))).rows;
}

/** How many of a query's topics the search shows, up to `limit`. */
export function countTopicsSql(q: string, scope: ReadableScope, limit: number): SQL {
  return sql`
    SELECT count(*)::int AS count FROM (
      SELECT FROM topics t
      WHERE t.search_vector @@ ${query(q)} AND ${notBeingDeleted(sql`t.created_by`)} AND ${readableCategory(sql`t.category_id`, scopeValues(scope))}
      LIMIT ${limit}
    ) found`;
}

/** How many members' usernames hold `q` (prefix matches and the others alike), up to `limit`. */
export function countMembersSql(q: string, limit: number): SQL {
  return sql`
    SELECT count(*)::int AS count FROM (
      SELECT FROM users WHERE username ILIKE ${`%${escapeLike(q.toLowerCase())}%`} AND deleted_at IS NULL
      LIMIT ${limit}
    ) found`;
}

/** Each type's results for `q`, counted up to `limit` (GET /api/search/counts), the three at once. */
export async function countSearchResults(db: Db, q: string, scope: ReadableScope, limit: number): Promise<Record<SearchType, number>> {
  const count = (result: { rows: { count: number }[] }) => result.rows[0]?.count ?? 0;
  const [posts, topics, members] = await Promise.all([
    runPostSearch<{ count: number }>(db, countPostsSql(q, scope, limit)),
    db.execute<{ count: number }>(countTopicsSql(q, scope, limit)),
    db.execute<{ count: number }>(countMembersSql(q, limit)),
  ]);
  return { posts: count(posts), topics: count(topics), members: count(members) };
}
