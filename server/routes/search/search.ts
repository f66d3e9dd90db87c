import { type RequestHandler, Router } from "express";
import { SEARCH_COUNT_LIMIT, SEARCH_PAGE_SIZE } from "@shared/constants";
import { searchCountsQuerySchema, searchQuerySchema } from "@shared/schemas/search";
import type { SearchPage } from "@shared/types";
import { member, memberHandler } from "../../middlewares/guards";
import type { Reads } from "../../middlewares/read-your-writes";
import { presentMemberResult, presentPostResult, presentSearchCounts, presentTopicResult } from "../../presenters/search-result";
import { readableScope } from "../../policies/category-access";
import { countSearchResults, searchMembers, searchPosts, searchTopics } from "../../queries/search";
import { decodeCursor, encodeCursor, MEMBER_CURSOR, RANK_CURSOR } from "../../search/cursor";

/** A page of at most SEARCH_PAGE_SIZE results, and the cursor of the next page when there is one. */
function page<Row, Result>(rows: Row[], present: (row: Row) => Result, key: (row: Row) => (string | number)[]): SearchPage<Result> {
  const shown = rows.slice(0, SEARCH_PAGE_SIZE);
  const last = shown.at(-1);
  return { results: shown.map(present), nextCursor: rows.length > SEARCH_PAGE_SIZE && last ? encodeCursor(key(last)) : null };
}

/** GET /api/search?q=&type=posts|topics|members&cursor= and GET /api/search/counts?q= (docs/search.md). */
export function searchRouter({ reads, searchLimit }: { reads: Reads; searchLimit: RequestHandler }): Router {
  const router = Router();

  router.get("/", member, searchLimit, memberHandler(async (req, res) => {
    const { q, type, cursor } = searchQuerySchema.parse(req.query);
    const db = reads.for(req);
    if (type === "members") {
      const after = cursor ? decodeCursor(cursor, MEMBER_CURSOR) : undefined;
      const rows = await searchMembers(db, q, after && { position: after[0], lowerUsername: after[1] });
      return res.json(page(rows, presentMemberResult, (row) => [row.position, row.lowerUsername]));
    }
    const after = cursor ? decodeCursor(cursor, RANK_CURSOR) : undefined;
    const rankCursor = after && { rank: after[0], id: after[1] };
    if (type === "topics") {
      const rows = await searchTopics(db, q, readableScope(req.user), rankCursor);
      return res.json(page(rows, presentTopicResult, (row) => [row.rank, row.topicId]));
    }
    const rows = await searchPosts(db, q, readableScope(req.user), rankCursor);
    res.json(page(rows, presentPostResult, (row) => [row.rank, row.postId]));
  }));

  // Which tab has results, and how many: the screen opens on the first that has any.
  router.get("/counts", member, searchLimit, memberHandler(async (req, res) => {
    const { q } = searchCountsQuerySchema.parse(req.query);
    res.json(presentSearchCounts(await countSearchResults(reads.for(req), q, readableScope(req.user), SEARCH_COUNT_LIMIT)));
  }));

  return router;
}
