import { sql } from "drizzle-orm";
import type { Reaction } from "@shared/reactions";
import type { Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { bookmarks, flags, memberBlockings, postReactions, reviewItems } from "../db/schema";
import type { ReactionCount, ReactionCounts } from "./reactions";

/**
 * The reactions of a posts page's posts (as listReactionCounts counts them), which of its authors
 * the reader blocked, which of its posts they bookmarked and which they flagged (open flags), in one prepared statement: a topic page
 * asks all three on every request, and a second round trip cost the event loop more than either
 * statement (a write to the socket and a result to parse; docs/decisions/048). Reaction rows carry
 * `blockedId` NULL, blocking rows carry only it, bookmark rows only `postId` (their `reaction` NULL), flag rows `postId` and `flagged` true.
 */
const readerPartsOfPage = preparedQuery((db: Db) =>
  db
    .select({
      postId: postReactions.postId,
      reaction: postReactions.reaction,
      count: sql<number>`count(*)::int`,
      reacted: sql<boolean>`bool_or(${postReactions.userId} = ${sql.placeholder("readerId")})`,
      blockedId: sql<number | null>`NULL::int`,
      flagged: sql<boolean | null>`NULL::boolean`,
    })
    .from(postReactions)
    .where(sql`${postReactions.postId} = ANY(${sql.placeholder("postIds")}::int[])`)
    .groupBy(postReactions.postId, postReactions.reaction)
    .unionAll(
      db
        .select({
          postId: sql<number>`NULL::int`,
          reaction: sql<string>`NULL::varchar`,
          count: sql<number>`NULL::int`,
          reacted: sql<boolean>`NULL::boolean`,
          blockedId: memberBlockings.blockedId,
          flagged: sql<boolean | null>`NULL::boolean`,
        })
        .from(memberBlockings)
        .where(sql`${memberBlockings.blockerId} = ${sql.placeholder("readerId")} AND ${memberBlockings.blockedId} = ANY(${sql.placeholder("authorIds")}::int[])`),
    )
    .unionAll(
      // bookmarks_user_id_post_id_idx: one probe per post of the page.
      db
        .select({
          postId: bookmarks.postId,
          reaction: sql<string>`NULL::varchar`,
          count: sql<number>`NULL::int`,
          reacted: sql<boolean>`NULL::boolean`,
          blockedId: sql<number | null>`NULL::int`,
          flagged: sql<boolean | null>`NULL::boolean`,
        })
        .from(bookmarks)
        .where(sql`${bookmarks.userId} = ${sql.placeholder("readerId")} AND ${bookmarks.postId} = ANY(${sql.placeholder("postIds")}::int[])`),
    )
    .unionAll(
      // The reader's open flags on the page's posts (review_items_pending_target_idx, then flags_item_flagger_idx).
      db
        .select({
          postId: reviewItems.targetId,
          reaction: sql<string>`NULL::varchar`,
          count: sql<number>`NULL::int`,
          reacted: sql<boolean>`NULL::boolean`,
          blockedId: sql<number | null>`NULL::int`,
          flagged: sql<boolean | null>`true`,
        })
        .from(reviewItems)
        .innerJoin(flags, sql`${flags.reviewItemId} = ${reviewItems.id} AND ${flags.flaggerId} = ${sql.placeholder("readerId")}`)
        .where(sql`${reviewItems.targetType} = 'post' AND ${reviewItems.status} = 'pending' AND ${reviewItems.targetId} = ANY(${sql.placeholder("postIds")}::int[])`),
    )
    .prepare("page_reader_parts"),
);

/** What one reader sees of a page's posts alone: the reactions with their own, which of the authors they blocked, which posts they bookmarked. */
export interface PageReaderParts {
  reactions: ReactionCounts;
  blockedAuthors: ReadonlySet<number>;
  bookmarked: ReadonlySet<number>;
  /** The posts the reader flagged and staff have not decided on yet (`viewerFlagged`). */
  flagged: ReadonlySet<number>;
}

/** A page's reactions (as listReactionCounts gives them), the authors the reader blocked and the posts they bookmarked, in one statement. */
export async function findPageReaderParts(db: Db, readerId: number, posts: readonly { id: number; authorId: number | null }[]): Promise<PageReaderParts> {
  const reactions = new Map<number, ReactionCount[]>();
  const blockedAuthors = new Set<number>();
  const bookmarked = new Set<number>();
  const flagged = new Set<number>();
  if (posts.length === 0) return { reactions, blockedAuthors, bookmarked, flagged };
  const rows = await readerPartsOfPage(db).execute({
    readerId,
    postIds: posts.map((post) => post.id),
    authorIds: [...new Set(posts.map((post) => post.authorId))],
  });
  for (const { postId, reaction, count, reacted, blockedId, flagged: isFlag } of rows) {
    if (isFlag) {
      flagged.add(postId);
      continue;
    }
    if (blockedId !== null) {
      blockedAuthors.add(blockedId);
      continue;
    }
    if (reaction === null) {
      bookmarked.add(postId);
      continue;
    }
    const list = reactions.get(postId) ?? [];
    list.push({ reaction: reaction as Reaction, count, reacted });
    reactions.set(postId, list);
  }
  return { reactions, blockedAuthors, bookmarked, flagged };
}
